import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { loginScreen } from './login-route';
import { RouteFallback } from './route-fallback';

// Each screen (and the shell) is a lazy route: its code and the PrimeReact components it uses
// are fetched only when the route matches, so /login never downloads the shell's screens.
// react-router resolves the lazy module before it commits a navigation, so the previous screen
// stays on view meanwhile (no fallback flash between screens); the fallback covers first load.
export const routes: RouteObject[] = [
  {
    hydrateFallbackElement: <RouteFallback />,
    children: [
      {
        path: '/login',
        lazy: () => loginScreen.get().then((m) => ({ Component: m.LoginPage })),
      },
      {
        lazy: () => import('./shell-route').then((m) => ({ Component: m.ShellRoute })),
        children: [
          {
            // A screen that throws (or whose code fails to load) shows an error card inside the shell.
            lazy: () =>
              import('../components/layout/route-error-card').then((m) => ({
                Component: m.ScreenOutlet,
                ErrorBoundary: m.RouteErrorCard,
              })),
            children: [
              {
                path: '/',
                lazy: () =>
                  import('../features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
              },
              {
                path: '/products',
                lazy: () => import('../features/products/products-page').then((m) => ({ Component: m.ProductsPage })),
              },
              {
                path: '/products/new',
                lazy: () =>
                  import('../features/products/product-form-page').then((m) => ({
                    element: <m.ProductFormPage key="new" />,
                  })),
              },
              {
                path: '/products/edit/:id',
                lazy: () =>
                  import('../features/products/product-form-page').then((m) => ({
                    element: <m.ProductFormPage key="edit" />,
                  })),
              },
              {
                path: '/conversations',
                lazy: () =>
                  import('../features/conversations/conversations-page').then((m) => ({
                    Component: m.ConversationsPage,
                  })),
              },
              {
                path: '/conversations/:id',
                lazy: () =>
                  import('../features/conversations/conversation-detail-page').then((m) => ({
                    Component: m.ConversationDetailPage,
                  })),
              },
              {
                path: '/orders',
                lazy: () => import('../features/orders/orders-page').then((m) => ({ Component: m.OrdersPage })),
              },
              {
                path: '/orders/:id',
                lazy: () =>
                  import('../features/orders/order-detail-page').then((m) => ({ Component: m.OrderDetailPage })),
              },
              {
                path: '/notifications',
                lazy: () =>
                  import('../features/notifications/notifications-page').then((m) => ({
                    Component: m.NotificationsPage,
                  })),
              },
              {
                path: '/analytics',
                lazy: () =>
                  import('../features/analytics/analytics-page').then((m) => ({ Component: m.AnalyticsPage })),
              },
              {
                path: '/settings',
                lazy: () => import('../features/settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
              },
              { path: '*', lazy: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
            ],
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
