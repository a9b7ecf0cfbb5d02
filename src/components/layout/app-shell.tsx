import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Button } from 'primereact/button';
import { appConfig } from '../../lib/config';
import { useUnreadCount } from '../../lib/notifications/use-unread-count';
import { useRealtime } from '../../lib/realtime/use-realtime';
import { Tooltip } from '../ui/tooltip';
import { Sidebar } from './sidebar';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';
import { ShortcutsDialog, useShellShortcuts } from './keyboard-shortcuts';
import { LiveIndicator } from './live-indicator';
import { useSidebar } from './use-sidebar';
import { MobileSheet } from './mobile-sheet';

const TOGGLE_ID = 'sidebar-toggle';
export const MAIN_CONTENT_ID = 'main-content';

export function AppShell() {
  const unread = useUnreadCount();
  const sidebar = useSidebar();
  const { pathname } = useLocation();
  const live = useRealtime();
  const shortcuts = useShellShortcuts();

  // The unread count also shows in the browser tab's title.
  useEffect(() => {
    document.title = unread > 0 ? `(${unread}) ${appConfig.businessName} Admin` : `${appConfig.businessName} Admin`;
  }, [unread]);

  const { closeMobile } = sidebar;
  const body = useRef<HTMLDivElement>(null);
  const main = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);
  useEffect(() => {
    closeMobile();
    // A new screen (not the first one, nor a re-run of this effect): focus
    // moves to its content, so Tab continues there as after a page load.
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname, closeMobile]);

  // The router owns the URL: move focus without adding a #hash to it.
  const skipToMain = (event: React.MouseEvent) => {
    event.preventDefault();
    main.current?.focus();
  };

  const collapsed = !sidebar.isMobile && !sidebar.expanded;
  return (
    <div
      className="shell"
      data-sidebar={
        sidebar.isMobile ? (sidebar.mobileOpen ? 'open' : 'closed') : sidebar.expanded ? 'expanded' : 'collapsed'
      }
    >
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skipToMain}>
        Skip to main content
      </a>
      {sidebar.isMobile ? (
        sidebar.mobileOpen && (
          <MobileSheet
            onClose={closeMobile}
            returnFocusTo={() => document.getElementById(TOGGLE_ID)}
            behind={() => body.current}
          >
            <Sidebar collapsed={false} unread={unread} onNavigate={closeMobile} />
          </MobileSheet>
        )
      ) : (
        <aside className={`sidebar ${collapsed ? 'sidebar-collapsed' : ''}`} aria-label="Sidebar">
          <Sidebar collapsed={collapsed} unread={unread} />
        </aside>
      )}
      <div className="shell-body" ref={body}>
        <header className="topbar">
          <Tooltip content="Toggle Sidebar (Ctrl+B)">
            <Button
              id={TOGGLE_ID}
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
          <UserMenu onShowShortcuts={shortcuts.openHelp} />
        </header>
        <ShortcutsDialog visible={shortcuts.helpOpen} onHide={shortcuts.closeHelp} />
        <main className="main" id={MAIN_CONTENT_ID} ref={main} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
