import { idParam, type Handlers, type RouteContext } from '../../routes';

export function notificationsRoutes({ services }: RouteContext): Handlers {
  const notifications = services.notifications;
  return {
    listNotifications: () => notifications.list(),
    listUnreadNotifications: () => notifications.unread(),
    markNotificationRead: (request) => notifications.markRead(idParam(request)),
    markAllNotificationsRead: () => notifications.markAllRead(),
  };
}
