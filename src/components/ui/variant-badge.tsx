import type { ReactNode } from 'react';
import './variant-badge.css';

/** The badge variants. `success` marks an Active product. */
export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline' | 'success';

/**
 * A small label. Not PrimeReact's Tag: its light-theme colours (white on
 * #3b82f6 or #ef4444) fall under the 4.5:1 contrast WCAG AA asks of text this
 * small; these variants meet it in both themes.
 */
export function VariantBadge({
  variant = 'default',
  children,
  label,
}: {
  variant?: BadgeVariant;
  children: ReactNode;
  label?: string;
}) {
  return (
    <span className={`variant-badge variant-badge-${variant}`} data-variant={variant} aria-label={label}>
      {children}
    </span>
  );
}
