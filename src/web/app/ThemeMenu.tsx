import { useState } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover, type Selection } from 'react-aria-components';
import {
  applyTheme,
  isThemeChoice,
  readTheme,
  THEME_CHOICES,
  THEME_WORDS,
  type ThemeChoice,
} from '../shared/lib/theme';
import { Button } from '../shared/ui/Button';

const ICONS: Record<ThemeChoice, string> = { system: '◐', light: '☀', dark: '☾' };

/** System, light or dark: a menu of three radio items behind one header button. */
export function ThemeMenu() {
  const [theme, setTheme] = useState<ThemeChoice>(readTheme);
  const choose = (selection: Selection) => {
    const [next] = selection === 'all' ? [] : [...selection];
    if (!isThemeChoice(next)) return;
    applyTheme(next);
    setTheme(next);
  };
  return (
    <MenuTrigger>
      <Button
        variant="quiet"
        className="header-icon-button"
        aria-label={`Theme: ${THEME_WORDS[theme]}`}
      >
        <span aria-hidden="true">{ICONS[theme]}</span>
        <span className="header-icon-button__text" aria-hidden="true">
          Theme
        </span>
      </Button>
      <Popover placement="bottom end" className="menu-popover">
        <Menu
          aria-label="Theme"
          className="menu"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[theme]}
          onSelectionChange={choose}
        >
          {THEME_CHOICES.map((choice) => (
            <MenuItem key={choice} id={choice} className="menu__item">
              <span className="menu__check" aria-hidden="true">
                {choice === theme ? '✓' : ''}
              </span>
              {THEME_WORDS[choice]}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
