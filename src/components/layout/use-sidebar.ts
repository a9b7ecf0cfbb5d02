import { useCallback, useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT_PX, isSidebarShortcut, readSidebarExpanded, writeSidebarExpanded } from './sidebar-state';

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => window.matchMedia(mobileQuery).matches);
  useEffect(() => {
    const list = window.matchMedia(mobileQuery);
    const onChange = () => setMobile(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return mobile;
}

/** Expanded/collapsed on desktop (kept in a cookie), an open/closed sheet on mobile. */
export function useSidebar() {
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState(readSidebarExpanded);
  const [mobileOpen, setMobileOpen] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setMobileOpen((open) => !open);
      return;
    }
    setExpanded((value) => {
      writeSidebarExpanded(!value);
      return !value;
    });
  }, [isMobile]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  useEffect(() => {
    if (!isMobile) setMobileOpen(false);
  }, [isMobile]);

  return { isMobile, expanded, mobileOpen, toggle, closeMobile: useCallback(() => setMobileOpen(false), []) };
}
