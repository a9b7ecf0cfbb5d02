import type { ReactNode } from 'react';
import { Button } from 'primereact/button';

/**
 * A load failure in a screen's own area: what failed, announced as an alert,
 * and a way to try again (left out where retrying cannot help, e.g. not found).
 */
export function LoadError({
  message,
  onRetry,
  className,
}: {
  message: ReactNode;
  onRetry?: () => unknown;
  className?: string;
}) {
  return (
    <div className={className} role="alert">
      <p>{message}</p>
      {onRetry && (
        <Button
          type="button"
          label="Try again"
          icon="pi pi-refresh"
          outlined
          size="small"
          onClick={() => void onRetry()}
        />
      )}
    </div>
  );
}
