import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Menu } from 'primereact/menu';
import { Button } from 'primereact/button';
import { useGetCurrentUser, useLogout } from '../../api/generated/endpoints/auth/auth';

/** Who is signed in, and the way out. */
export function UserMenu() {
  const menu = useRef<Menu>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useGetCurrentUser({ query: { retry: false } });
  const username = me.data?.username ?? 'Account';

  const leave = () => {
    // Whether or not the server knew the logout call, nothing of this session stays on screen.
    queryClient.clear();
    navigate('/login', { replace: true });
  };
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
        aria-label={`Account: ${username}`}
        onClick={(event) => menu.current?.toggle(event)}
      />
      <Menu
        id="user-menu"
        ref={menu}
        popup
        popupAlignment="right"
        model={[
          { label: `Signed in as ${username}`, disabled: true },
          { separator: true },
          { label: 'Sign out', icon: 'pi pi-sign-out', command: () => logout.mutate() },
        ]}
      />
    </>
  );
}
