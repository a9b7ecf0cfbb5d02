import { useEffect, useRef, useState } from 'react';
import type { LoadOnce } from './load-once';

/**
 * The code of a control that only matters once it is used (a dialog, a popup menu), downloaded
 * the first time `wanted` is true instead of with the screen. Answers the loaded module, or
 * undefined until it has arrived (the caller renders nothing in its place meanwhile: an overlay
 * takes no room in the page, so nothing moves when it arrives). Once loaded it stays, for every
 * component using the same `code`. A failed download calls `onFailed`; the caller stops wanting
 * it, and the next use downloads again.
 */
export function useOnDemand<T>(code: LoadOnce<T>, wanted: boolean, onFailed: (error: unknown) => void): T | undefined {
  const [module, setModule] = useState<T | undefined>(code.loaded);
  const failed = useRef(onFailed);
  useEffect(() => {
    failed.current = onFailed;
  });
  useEffect(() => {
    if (!wanted || module !== undefined) return;
    let current = true;
    code.get().then(
      (loaded) => current && setModule(() => loaded),
      (error: unknown) => current && failed.current(error),
    );
    return () => {
      current = false;
    };
  }, [code, wanted, module]);
  return module;
}
