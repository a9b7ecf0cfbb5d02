// The shortcuts list and the account menu download on first use (keyboard-shortcuts.tsx,
// user-menu.tsx): they open once their code has arrived, focus goes into them and comes back
// to what had it, as when they came with the shell.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderRoutes, stubApi } from '../../../test/render';
import { ShortcutsDialog, useShellShortcuts } from '../keyboard-shortcuts';
import { UserMenu } from '../user-menu';

function Topbar() {
  const shortcuts = useShellShortcuts();
  return (
    <>
      <button type="button">Before</button>
      <UserMenu onShowShortcuts={shortcuts.openHelp} />
      <ShortcutsDialog visible={shortcuts.helpOpen} onHide={shortcuts.closeHelp} />
    </>
  );
}

function renderTopbar() {
  const { fetchStub } = stubApi({ 'GET /api/auth/me': () => json(200, { id: 1, username: 'admin' }) });
  vi.stubGlobal('fetch', vi.fn(fetchStub));
  return renderRoutes([{ path: '/', element: <Topbar /> }], '/');
}

// PrimeReact places the menu by measuring it hidden, which jsdom (no layout) leaves at display:
// none: the menu is looked for among hidden elements too.
const accountMenu = () => screen.findByRole('menu', { hidden: true });
const accountMenuClosed = () =>
  waitFor(() => expect(screen.queryByRole('menu', { hidden: true })).not.toBeInTheDocument());
const shortcutsDialog = () => screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
const shortcutsClosed = () =>
  waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument());

afterEach(() => vi.unstubAllGlobals());

describe('the keyboard shortcuts list', () => {
  it('? opens it with focus inside; Escape closes it and focus goes back to where it was', async () => {
    const user = userEvent.setup();
    renderTopbar();
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.keyboard('?');
    const dialog = await shortcutsDialog();
    expect(within(dialog).getByRole('cell', { name: 'Go to Dashboard' })).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: 'Write a message' })).toBeInTheDocument();
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    await user.keyboard('{Escape}');
    await shortcutsClosed();
    await waitFor(() => expect(before).toHaveFocus());

    // Loaded now: the next ? opens it the same way.
    await user.keyboard('?');
    const again = await shortcutsDialog();
    await waitFor(() => expect(again).toContainElement(document.activeElement as HTMLElement));
  });
});

describe('the account menu', () => {
  it('opens under its button on the first press, with focus on its list; Escape gives focus back', async () => {
    const user = userEvent.setup();
    renderTopbar();
    const account = await screen.findByRole('button', { name: 'Account: admin' });
    expect(account).toHaveAttribute('aria-expanded', 'false');

    await user.click(account);
    const menu = await accountMenu();
    expect(within(menu).getByText('Signed in as admin')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Keyboard shortcuts', hidden: true })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign out', hidden: true })).toBeInTheDocument();
    await waitFor(() => expect(account).toHaveAttribute('aria-expanded', 'true'));
    await waitFor(() => expect(menu).toHaveFocus());

    await user.keyboard('{Escape}');
    await accountMenuClosed();
    expect(account).toHaveFocus();
    expect(account).toHaveAttribute('aria-expanded', 'false');

    // Loaded now: a press toggles it at once.
    await user.click(account);
    await waitFor(() => expect(account).toHaveAttribute('aria-expanded', 'true'));
    expect(await accountMenu()).toBeInTheDocument();
  });

  it('its Keyboard shortcuts item opens the list; closing the list gives focus back to the account button', async () => {
    const user = userEvent.setup();
    renderTopbar();
    const account = await screen.findByRole('button', { name: 'Account: admin' });
    account.focus();
    await user.keyboard('{Enter}');
    const menu = await accountMenu();
    await waitFor(() => expect(menu).toHaveFocus());
    // The first item that can be chosen has focus.
    await user.keyboard('{Enter}');

    const dialog = await shortcutsDialog();
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await shortcutsClosed();
    await waitFor(() => expect(account).toHaveFocus());
  });
});
