/*
 * React Aria's press handling adds a <style> element to <head> the first time a pressable
 * component mounts (touch-action on pressable elements). The console's Content Security
 * Policy allows stylesheets from its own origin only (style-src 'self'), so that element
 * would be refused and logged. React Aria skips it when an element with its id exists:
 * this marker takes that place, and popover.css carries the same rule.
 */
const STYLE_ID = 'react-aria-pressable-style';

if (typeof document !== 'undefined' && !document.getElementById(STYLE_ID)) {
  const marker = document.createElement('meta');
  marker.id = STYLE_ID;
  marker.name = 'react-aria-pressable-style';
  marker.content = 'in popover.css';
  document.head.append(marker);
}
