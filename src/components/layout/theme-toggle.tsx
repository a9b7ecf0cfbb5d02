import { Button } from 'primereact/button';
import { useTheme } from '../../lib/theme/use-theme';
import { Tooltip } from '../ui/tooltip';

export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Tooltip content={label}>
      <Button text rounded icon={theme === 'dark' ? 'pi pi-sun' : 'pi pi-moon'} aria-label={label} onClick={toggle} />
    </Tooltip>
  );
}
