import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { appConfig } from '../../lib/config';
import { Tooltip, TooltipDelayContext } from '../ui/tooltip';
import { isActive, menu } from './menu';

// Whether the backend offers orders is asked from a chunk of its own, after the shell shows: the
// generated orders call stays out of the first download (its size budget), and the entry
// appears once the answer says so.
const WhenOrdersOffered = lazy(() => import('./when-orders-offered').then((m) => ({ default: m.WhenOrdersOffered })));

export function Sidebar({
  collapsed,
  unread,
  onNavigate,
}: {
  collapsed: boolean;
  unread: number;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <TooltipDelayContext.Provider value={0}>
      <div className="sidebar-heading" title={collapsed ? appConfig.businessName : undefined}>
        {collapsed ? <i className="pi pi-building" aria-hidden="true" /> : appConfig.businessName}
      </div>
      <nav aria-label="Main">
        <ul className="sidebar-menu">
          {menu.map((entry) => {
            const active = isActive(entry.to, pathname);
            const badge = entry.to === '/notifications' && unread > 0;
            const item: ReactNode = (
              <li key={entry.to}>
                <Tooltip content={entry.title} side="right" disabled={!collapsed}>
                  <Link
                    to={entry.to}
                    className={active ? 'active' : undefined}
                    aria-current={active ? 'page' : undefined}
                    aria-label={collapsed ? entry.title : undefined}
                    onClick={onNavigate}
                  >
                    <i className={entry.icon} aria-hidden="true" />
                    <span className="sidebar-label">{entry.title}</span>
                    {badge && (
                      <span className="count-badge" data-testid="unread-badge" aria-label={`${unread} unread`}>
                        {unread}
                      </span>
                    )}
                  </Link>
                </Tooltip>
              </li>
            );
            // Beyond the spec: Orders only where the backend offers it.
            return 'optional' in entry ? (
              <Suspense key={entry.to} fallback={null}>
                <WhenOrdersOffered>{item}</WhenOrdersOffered>
              </Suspense>
            ) : (
              item
            );
          })}
        </ul>
      </nav>
    </TooltipDelayContext.Provider>
  );
}
