import { Link, useLocation } from 'react-router-dom';
import { appConfig } from '../../lib/config';
import { Tooltip, TooltipDelayContext } from '../ui/tooltip';
import { isActive, menu } from './menu';
import { useOrdersOffered } from './use-orders-offered';

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
  const ordersOffered = useOrdersOffered();
  return (
    <TooltipDelayContext.Provider value={0}>
      <div className="sidebar-heading" title={collapsed ? appConfig.businessName : undefined}>
        {collapsed ? <i className="pi pi-building" aria-hidden="true" /> : appConfig.businessName}
      </div>
      <nav aria-label="Main">
        <ul className="sidebar-menu">
          {menu
            .filter((entry) => !('optional' in entry) || ordersOffered)
            .map((entry) => {
              const active = isActive(entry.to, pathname);
              const badge = entry.to === '/notifications' && unread > 0;
              return (
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
            })}
        </ul>
      </nav>
    </TooltipDelayContext.Provider>
  );
}
