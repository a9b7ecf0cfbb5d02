import type { HandlersFor, RouteContext } from '../../app/routes';
import { sendList } from '../../app/paging';

type Operations = 'listNotifications' | 'listUnreadNotifications' | 'markNotificationRead' | 'markAllNotificationsRead';

export function notificationsRoutes({ services }: RouteContext): HandlersFor<Operations> {
  const notifications = services.notifications;
  return {
    listNotifications: (request, reply) =>
      sendList(reply, notifications.listSource(false), { path: '/api/notifications', ...request.query }),
    listUnreadNotifications: (request, reply) =>
      sendList(reply, notifications.listSource(true), { path: '/api/notifications/unread', ...request.query }),
    markNotificationRead: (request) => notifications.markRead(request.params.id),
    markAllNotificationsRead: () => notifications.markAllRead(),
  };
}
