import type { HandlersFor, RouteContext } from '../../routes';

type Operations = 'listNotifications' | 'listUnreadNotifications' | 'markNotificationRead' | 'markAllNotificationsRead';

export function notificationsRoutes({ services }: RouteContext): HandlersFor<Operations> {
  const notifications = services.notifications;
  return {
    listNotifications: () => notifications.list(),
    listUnreadNotifications: () => notifications.unread(),
    markNotificationRead: (request) => notifications.markRead(request.params.id),
    markAllNotificationsRead: () => notifications.markAllRead(),
  };
}
