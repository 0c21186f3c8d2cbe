import { lazy, Suspense, useRef, useState } from 'react';
import type { Selection } from 'react-aria-components';
import {
  applyTheme,
  isThemeChoice,
  readTheme,
  THEME_WORDS,
  type ThemeChoice,
} from '../shared/lib/theme';
import { Button } from '../shared/ui/Button';

const ThemeMenuPopover = lazy(() =>
  import('./HeaderMenus').then((m) => ({ default: m.ThemeMenuPopover })),
);

const ICONS: Record<ThemeChoice, string> = { system: '◐', light: '☀', dark: '☾' };

/** System, light or dark: a menu of three radio items behind one header button. */
export function ThemeMenu() {
  const [theme, setTheme] = useState<ThemeChoice>(readTheme);
  const [open, setOpen] = useState(false);
  // The menu's code is fetched on the first opening and kept mounted after it.
  const [opened, setOpened] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const choose = (selection: Selection) => {
    const [next] = selection === 'all' ? [] : [...selection];
    if (!isThemeChoice(next)) return;
    applyTheme(next);
    setTheme(next);
  };
  return (
    <>
      <Button
        ref={triggerRef}
        variant="quiet"
        className="header-icon-button"
        aria-label={`Theme: ${THEME_WORDS[theme]}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onPress={() => {
          setOpened(true);
          setOpen((was) => !was);
        }}
      >
        <span aria-hidden="true">{ICONS[theme]}</span>
        <span className="header-icon-button__text" aria-hidden="true">
          Theme
        </span>
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <ThemeMenuPopover
            triggerRef={triggerRef}
            isOpen={open}
            onClose={() => setOpen(false)}
            theme={theme}
            onChoose={choose}
          />
        </Suspense>
      ) : null}
    </>
  );
}
