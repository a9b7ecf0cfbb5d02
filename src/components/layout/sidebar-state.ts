// Whether the sidebar is expanded: kept in the cookie sidebar_state for 7 days; expanded when the cookie is missing.
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 604_800;
export const MOBILE_BREAKPOINT_PX = 768;

export function readSidebarExpanded(cookie: string = document.cookie): boolean {
  const match = cookie.split('; ').find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`));
  return match ? match.slice(SIDEBAR_COOKIE.length + 1) !== 'false' : true;
}

export function writeSidebarExpanded(expanded: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Ctrl+B, or Cmd+B on a Mac. */
export const isSidebarShortcut = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>) =>
  event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey);
