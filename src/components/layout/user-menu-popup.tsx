// The account menu's popup: PrimeReact's Menu (with its transitions, about 7.5 KB gzip) downloads
// the first time the account button is pointed at, focused or pressed (see user-menu.tsx), not
// with the shell.
import { useEffect, useRef, useState, type Ref } from 'react';
import { Menu } from 'primereact/menu';

export function UserMenuPopup({
  ref,
  username,
  onReady,
  onShow,
  onHide,
  onShowShortcuts,
  onSignOut,
}: {
  ref: Ref<Menu>;
  username: string;
  /**
   * The menu can open: its overlay has mounted. Menu renders its overlay one pass after it
   * mounts, and a menu opened before that would appear without its opening transition, that
   * is unplaced and without focus.
   */
  onReady: () => void;
  onShow: () => void;
  onHide: () => void;
  onShowShortcuts: () => void;
  onSignOut: () => void;
}) {
  // Set in the same pass as the overlay's own first update, so it is there once this has rendered.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const ready = useRef(onReady);
  useEffect(() => {
    ready.current = onReady;
  });
  useEffect(() => {
    if (mounted) ready.current();
  }, [mounted]);

  return (
    <Menu
      id="user-menu"
      ref={ref}
      popup
      popupAlignment="right"
      onShow={onShow}
      onHide={onHide}
      model={[
        { label: `Signed in as ${username}`, disabled: true },
        { separator: true },
        { label: 'Keyboard shortcuts', icon: 'pi pi-question-circle', command: onShowShortcuts },
        { label: 'Sign out', icon: 'pi pi-sign-out', command: onSignOut },
      ]}
    />
  );
}
