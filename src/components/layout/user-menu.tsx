import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Menu } from 'primereact/menu';
import { Button } from 'primereact/button';
import { useGetCurrentUser, useLogout } from '../../api/generated/endpoints/auth/auth';

/** Who is signed in, the keyboard shortcuts, and the way out. */
export function UserMenu({ onShowShortcuts }: { onShowShortcuts: () => void }) {
  const menu = useRef<Menu>(null);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const me = useGetCurrentUser({ query: { retry: false } });
  const username = me.data?.username ?? 'Account';

  // Whether or not the server knew the logout call, go to /login; the login
  // screen drops every cached answer of this session.
  const leave = () => navigate('/login', { replace: true });
  const logout = useLogout({ mutation: { onSettled: leave } });

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
        onClick={(event) => menu.current?.toggle(event)}
      />
      <Menu
        id="user-menu"
        ref={menu}
        popup
        popupAlignment="right"
        onShow={() => setOpen(true)}
        onHide={() => setOpen(false)}
        model={[
          { label: `Signed in as ${username}`, disabled: true },
          { separator: true },
          { label: 'Keyboard shortcuts', icon: 'pi pi-question-circle', command: onShowShortcuts },
          { label: 'Sign out', icon: 'pi pi-sign-out', command: () => logout.mutate() },
        ]}
      />
    </>
  );
}
