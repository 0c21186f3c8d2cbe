/*
 * The person's theme: the system's (the default), or light or dark whatever the system
 * says. Kept in localStorage (a display preference, no patient data) and applied as
 * `data-theme` on <html>; public/theme-init.js applies it before the first paint.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
/** The same key public/theme-init.js reads. */
export const THEME_STORAGE_KEY = 'lab-console.theme';

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return THEME_CHOICES.includes(value as ThemeChoice);
}

export function readTheme(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage blocked: the choice lasts until the page is closed.
  }
}

export const THEME_WORDS: Record<ThemeChoice, string> = {
  system: 'Same as system',
  light: 'Light',
  dark: 'Dark',
};
