import { describe, expect, it } from 'vitest';
import { isSidebarShortcut, readSidebarExpanded, writeSidebarExpanded } from '../sidebar-state';

describe('sidebar state cookie', () => {
  it('defaults to expanded and reads sidebar_state', () => {
    expect(readSidebarExpanded('')).toBe(true);
    expect(readSidebarExpanded('theme=x; sidebar_state=false')).toBe(false);
    expect(readSidebarExpanded('sidebar_state=true; other=1')).toBe(true);
  });

  it('writes the cookie for 7 days', () => {
    writeSidebarExpanded(false);
    expect(readSidebarExpanded()).toBe(false);
    writeSidebarExpanded(true);
    expect(readSidebarExpanded()).toBe(true);
  });

  it('toggles on Ctrl+B and Cmd+B only', () => {
    expect(isSidebarShortcut({ key: 'b', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSidebarShortcut({ key: 'B', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSidebarShortcut({ key: 'b', ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSidebarShortcut({ key: 'n', ctrlKey: true, metaKey: false })).toBe(false);
  });
});
