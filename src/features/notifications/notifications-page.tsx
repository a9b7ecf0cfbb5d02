import { useListNotifications } from '../../api/generated/endpoints/notifications/notifications';

export function NotificationsPage() {
  const notifications = useListNotifications();
  return (
    <div className="page">
      <h1>Notifications</h1>
      <ul>{notifications.data?.map((n) => <li key={n.id}>{n.message}</li>)}</ul>
    </div>
  );
}
