/**
 * Code a screen needs only after it has painted (e.g. zod and a contract schema for validating
 * a form), downloaded once on first use. `preload` starts the download early, e.g. on the first
 * keystroke or once the screen is idle, so the first real use does not wait for it. A failed download is tried again on the
 * next use instead of failing forever.
 */
export function loadOnce<T>(load: () => Promise<T>) {
  let pending: Promise<T> | undefined;
  const get = () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  const preload = () => void get().catch(() => undefined);
  /** Starts the download once the browser has painted and has nothing else to do. */
  const preloadWhenIdle = () => requestAnimationFrame(() => (window.requestIdleCallback ?? setTimeout)(preload));
  return { get, preload, preloadWhenIdle };
}
