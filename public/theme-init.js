// Applies the stored theme before the first paint (see src/lib/theme/theme.ts).
// A file of its own, not inline, so the Content-Security-Policy can forbid
// every inline script.
(function () {
  var theme = 'light';
  try {
    if (localStorage.getItem('theme') === 'dark') theme = 'dark';
  } catch (e) {}
  var root = document.documentElement;
  if (theme === 'dark') root.classList.add('dark');
  root.style.colorScheme = theme;
  var link = document.createElement('link');
  link.id = 'theme-link';
  link.rel = 'stylesheet';
  link.setAttribute('blocking', 'render');
  link.href = '/themes/lara-' + theme + '-blue/theme.css';
  document.head.appendChild(link);
})();
