import './lib/zod/jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles.css';
import './styles/theme-overrides.css';
import { setResponseCheckLoader } from './api/mutator';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { refitGrowingTextareasOnFontLoad } from './lib/dom/growing-textareas';
import { loadOnce } from './lib/lazy/load-once';

const router = createRouter();
refitGrowingTextareasOnFontLoad();
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

// Every generated zod schema sits behind the contract check. Production only warns, so it loads
// a little after start (DEFERRED_LOAD_MS, then when idle) and stays out of the first screen's
// download; development (and the e2e runs) installs it before the first request, so a strict
// check misses nothing.
if (import.meta.env.PROD) {
  const contractCheck = loadOnce(installContractCheck);
  setResponseCheckLoader(contractCheck.get);
  render();
  contractCheck.preloadLater();
} else {
  void installContractCheck().then(render);
}
