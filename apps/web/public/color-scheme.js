// Issue 34: the colour scheme the member chose last (Mantine's local storage key), set on <html>
// before the app's script runs, so a dark page never flashes light. 'auto' follows the system.
/* global window, document */
(function () {
  try {
    var stored = window.localStorage.getItem('mantine-color-scheme-value');
    var scheme = stored === 'light' || stored === 'dark' ? stored : window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
    document.documentElement.style.colorScheme = scheme;
  } catch {
    // Storage or matchMedia unavailable: Mantine decides on start.
  }
})();
