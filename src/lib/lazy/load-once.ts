/**
 * Code a screen needs only after it has painted (e.g. zod and a contract schema for validating
 * a form), downloaded once on first use. `preload` starts the download early, e.g. on the first
 * keystroke or once the screen is idle, so the first real use does not wait for it. A failed download is tried again on the
 * next use instead of failing forever.
 */
/**
 * How long code that is not needed for the first screen waits before it downloads: long enough
 * for the session check and the screen's first data to come first on a slow connection.
 */
export const DEFERRED_LOAD_MS = 2000;

export type LoadOnce<T> = {
  get: () => Promise<T>;
  preload: () => void;
  preloadLater: (delayMs?: number) => void;
  /** What the download gave, once it has arrived; undefined before. */
  loaded: () => T | undefined;
};

export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let pending: Promise<T> | undefined;
  let value: { current: T } | undefined;
  const get = () => {
    pending ??= load().then(
      (result) => {
        value = { current: result };
        return result;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const preload = () => void get().catch(() => undefined);
  /** Starts the download `delayMs` from now, when the browser next has nothing else to do. */
  const preloadLater = (delayMs = DEFERRED_LOAD_MS) =>
    void setTimeout(() => (window.requestIdleCallback ?? setTimeout)(preload), delayMs);
  return { get, preload, preloadLater, loaded: () => value?.current };
}
