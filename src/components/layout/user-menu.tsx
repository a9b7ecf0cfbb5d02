import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import type { Menu } from 'primereact/menu';
import { useGetCurrentUser, useLogout } from '../../api/generated/endpoints/auth/auth';
import { loadOnce } from '../../lib/lazy/load-once';
import { useOnDemand } from '../../lib/lazy/use-on-demand';
import { useToast } from '../../lib/toast/toast-context';

const popupCode = loadOnce(() => import('./user-menu-popup'));

/** Who is signed in, the keyboard shortcuts, and the way out. */
export function UserMenu({ onShowShortcuts }: { onShowShortcuts: () => void }) {
  const menu = useRef<Menu | null>(null);
  // Whether the menu has arrived and can open; until it has, the button pressed is kept and the
  // menu opens under it once it can.
  const ready = useRef(false);
  const pressedBeforeReady = useRef<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  const me = useGetCurrentUser({ query: { retry: false } });
  const username = me.data?.username ?? 'Account';

  // Whether or not the server knew the logout call, go to /login; the login
  // screen drops every cached answer of this session.
  const leave = () => navigate('/login', { replace: true });
  const logout = useLogout({ mutation: { onSettled: leave } });

  const popup = useOnDemand(popupCode, wanted, () => {
    pressedBeforeReady.current = null;
    setWanted(false);
    toast({
      title: 'Account menu unavailable',
      description: 'It could not be loaded. Check the connection and try again.',
      variant: 'destructive',
    });
  });
  const openUnderPressedButton = () => {
    ready.current = true;
    const button = pressedBeforeReady.current;
    pressedBeforeReady.current = null;
    // Menu places itself under event.currentTarget; the press itself is long over.
    if (button) menu.current?.show({ currentTarget: button } as unknown as React.SyntheticEvent);
  };

  return (
    <>
      <Button
        text
        className="user-button"
        icon="pi pi-user"
        label={username}
        aria-haspopup="menu"
        aria-controls="user-menu"
        aria-expanded={open}
        aria-label={`Account: ${username}`}
        onPointerEnter={popupCode.preload}
        onFocus={popupCode.preload}
        onClick={(event) => {
          if (ready.current && menu.current) return menu.current.toggle(event);
          pressedBeforeReady.current = event.currentTarget;
          setWanted(true);
        }}
      />
      {popup && (
        <popup.UserMenuPopup
          ref={menu}
          username={username}
          onReady={openUnderPressedButton}
          onShow={() => setOpen(true)}
          onHide={() => setOpen(false)}
          onShowShortcuts={onShowShortcuts}
          onSignOut={() => logout.mutate()}
        />
      )}
    </>
  );
}
