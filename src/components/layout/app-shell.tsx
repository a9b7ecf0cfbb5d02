import { Link, Outlet, useLocation } from 'react-router-dom';
import { appConfig } from '../../app/config';
import { useUnreadCount } from '../../features/notifications/use-unread-count';
import { useRealtime } from '../../lib/realtime/use-realtime';
import { isActive, menu } from './menu';

export function AppShell() {
  const { pathname } = useLocation();
  const unread = useUnreadCount();
  useRealtime();

  return (
    <div className="shell">
      <aside className="sidebar" aria-label="Sidebar">
        <div className="sidebar-heading">{appConfig.businessName}</div>
        <nav>
          <ul className="sidebar-menu">
            {menu.map((entry) => {
              const active = isActive(entry.to, pathname);
              return (
                <li key={entry.to}>
                  <Link to={entry.to} className={active ? 'active' : undefined} aria-current={active ? 'page' : undefined}>
                    <i className={entry.icon} aria-hidden="true" />
                    <span>{entry.title}</span>
                    {entry.to === '/notifications' && unread > 0 && (
                      <span className="count-badge" aria-label={`${unread} unread`}>
                        {unread}
                      </span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
      <div className="shell-body">
        <header className="topbar" />
        <main className="main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
