// Light/dark theme, a preference of this browser: stored in localStorage under
// `theme` (default light); dark is a `dark` class on <html> plus PrimeReact's
// dark theme file. index.html applies the stored theme before the first paint
// with the same names; keep the two in step.
export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';
export const THEME_LINK_ID = 'theme-link';
export const themeHref = (theme: Theme) => `/themes/lara-${theme}-blue/theme.css`;

export function readTheme(): Theme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
  const link = document.getElementById(THEME_LINK_ID) as HTMLLinkElement | null;
  if (link && !link.href.endsWith(themeHref(theme))) link.href = themeHref(theme);
}

export function saveTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
  applyTheme(theme);
  window.dispatchEvent(new CustomEvent<Theme>('themechange', { detail: theme }));
}
