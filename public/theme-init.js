/* global window, document */
// Runs before the first paint (a blocking classic script: the CSP allows only 'self'
// scripts, so it cannot be inline). Applies a theme the person chose in the console;
// without one, the stylesheet follows the system preference on its own.
// The key is THEME_STORAGE_KEY of src/web/shared/lib/theme.ts.
(function () {
  try {
    var theme = window.localStorage.getItem('lab-console.theme');
    if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  } catch {
    // Storage blocked: the system preference applies.
  }
})();
