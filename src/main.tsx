import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles.css';
import './styles/theme-overrides.css';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';

const router = createRouter();
const installContractCheck = () => import('./api/contract-check').then((m) => m.installContractCheck());

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders onSignedOut={() => void router.navigate('/login', { replace: true })}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

/** Resolves once the first screen's code has loaded and the browser has painted it and gone idle. */
function firstScreenShown() {
  return new Promise<void>((resolve) => {
    const idle = () => requestAnimationFrame(() => (window.requestIdleCallback ?? setTimeout)(() => resolve()));
    if (router.state.initialized) return idle();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      idle();
    });
  });
}

// Every generated zod schema sits behind the contract check. Production only warns, so it loads
// once the first screen is on view and stays out of the first download; development (and the
// e2e runs) installs it before the first request, so a strict check misses nothing.
if (import.meta.env.PROD) {
  render();
  void firstScreenShown().then(installContractCheck);
} else {
  void installContractCheck().then(render);
}
