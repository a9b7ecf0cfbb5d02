import { useEffect, useState } from 'react';

/**
 * Shown only while a screen's code is still downloading on the first load. It waits 300 ms
 * before appearing so a fast load never flashes it; role="status" lets screen readers hear it.
 */
export function RouteFallback() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), 300);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div role="status" aria-live="polite" style={{ padding: '2rem' }}>
      {visible ? 'Loading…' : null}
    </div>
  );
}
