import type { ReactNode } from 'react';
import { PrimeReactProvider } from 'primereact/api';
import { installPrimeReactLabels, primeReactPassThrough } from '../lib/a11y/prime-react';

installPrimeReactLabels();

/**
 * PrimeReact's configuration for the screens inside the shell. It lives in the shell's lazy
 * chunk, not in the entry: primereact/api pulls PrimeReact's utilities (about 18 KB gzip), and
 * /login renders no PrimeReact component, so its first download does without them.
 */
export function AppPrimeReactProvider({ children }: { children: ReactNode }) {
  return <PrimeReactProvider value={{ ripple: false, pt: primeReactPassThrough }}>{children}</PrimeReactProvider>;
}
