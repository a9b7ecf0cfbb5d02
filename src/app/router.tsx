import { createBrowserRouter } from 'react-router-dom';
import { AppShell } from '../components/layout/app-shell';
import { withRouteErrorCard } from '../components/layout/route-error-card';
import { LoginPage } from '../features/auth/login-page';
import { RequireSession } from '../features/auth/require-session';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { ProductsPage } from '../features/products/products-page';
import { ProductFormPage } from '../features/products/product-form-page';
import { ConversationsPage } from '../features/conversations/conversations-page';
import { ConversationDetailPage } from '../features/conversations/conversation-detail-page';
import { NotificationsPage } from '../features/notifications/notifications-page';
import { AnalyticsPage } from '../features/analytics/analytics-page';
import { SettingsPage } from '../features/settings/settings-page';
import { NotFoundPage } from './not-found-page';

/** Spec §2: /login outside the shell; every other screen behind the guard, inside the shell. */
export const routes = [
  { path: '/login', element: <LoginPage /> },
  {
    element: (
      <RequireSession>
        <AppShell />
      </RequireSession>
    ),
    // A screen that throws shows an error card inside the shell (issue 11).
    children: withRouteErrorCard([
      { path: '/', element: <DashboardPage /> },
      { path: '/products', element: <ProductsPage /> },
      { path: '/products/new', element: <ProductFormPage key="new" /> },
      { path: '/products/edit/:id', element: <ProductFormPage key="edit" /> },
      { path: '/conversations', element: <ConversationsPage /> },
      { path: '/conversations/:id', element: <ConversationDetailPage /> },
      { path: '/notifications', element: <NotificationsPage /> },
      { path: '/analytics', element: <AnalyticsPage /> },
      { path: '/settings', element: <SettingsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ]),
  },
];

export const createRouter = () => createBrowserRouter(routes);
