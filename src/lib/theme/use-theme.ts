import { useCallback, useEffect, useState } from 'react';
import { readTheme, saveTheme, type Theme } from './theme';

export function useTheme(): { theme: Theme; toggle: () => void } {
  const [theme, setTheme] = useState<Theme>(readTheme);
  useEffect(() => {
    const onChange = (event: Event) => setTheme((event as CustomEvent<Theme>).detail);
    window.addEventListener('themechange', onChange);
    return () => window.removeEventListener('themechange', onChange);
  }, []);
  const toggle = useCallback(() => saveTheme(theme === 'dark' ? 'light' : 'dark'), [theme]);
  return { theme, toggle };
}
