import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles.css';
import './styles/theme-overrides.css';
import { installContractCheck } from './api/contract-check';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';

installContractCheck();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders onSignedOut={() => void router.navigate('/login', { replace: true })}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
