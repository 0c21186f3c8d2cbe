/*
 * react-aria's press handling adds a <style> element to <head> the first time a pressable
 * renders (touch-action for double-tap zoom), unless an element with its id is already
 * there. The console's Content Security Policy refuses inline styles, so the rule lives in
 * AsyncCombobox.css instead and this marker tells react-aria it is in place.
 */
const PRESSABLE_STYLE_ID = 'react-aria-pressable-style';

if (typeof document !== 'undefined' && !document.getElementById(PRESSABLE_STYLE_ID)) {
  const marker = document.createElement('meta');
  marker.id = PRESSABLE_STYLE_ID;
  document.head.append(marker);
}
