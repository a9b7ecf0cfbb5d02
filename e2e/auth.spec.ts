// Login and the access guard: the session check, required username and password,
// and the toasts of a successful and a failed login.
import { expect, test } from './fixtures/test';
import { everythingReported } from './support/reported';

test.describe('access guard', () => {
  test('shows Loading... centred while the session check runs, then the screen', async ({ page, signIn }) => {
    await signIn();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/products');
    const loading = page.getByRole('status').filter({ hasText: 'Loading...' });
    await expect(loading).toBeVisible();
    const box = (await loading.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(4);
    expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThan(4);
    release();
    await expect(loading).toBeHidden();
    await expect(page).toHaveURL(/\/products$/);
  });

  test('sends a visitor without a session to /login, for every screen', async ({ page, allowFailedRequest }) => {
    allowFailedRequest('/api/auth/me', 401);
    for (const path of ['/', '/products/edit/3', '/conversations/102', '/settings', '/no-such-page']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Admin Dashboard Login')).toBeVisible();
    }
  });

  test('checks the session once, without retrying a failure', async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/auth/me', 'code=500');
    // The page's clock, to run out every retry delay a query could have scheduled.
    await page.clock.install();
    let calls = 0;
    page.on('request', (request) => void (new URL(request.url()).pathname === '/api/auth/me' && calls++));
    await page.goto('/analytics');
    await expect(page).toHaveURL(/\/login$/);
    await page.clock.runFor(60_000);
    await everythingReported(page);
    expect(calls).toBe(1);
  });

  test('an empty answer to the session check counts as no session', async ({ page, signIn }) => {
    await signIn();
    await page.route('**/api/auth/me', (route) => route.fulfill({ status: 204, body: '' }));
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('login screen', () => {
  test.beforeEach(async ({ page, allowFailedRequest }) => {
    allowFailedRequest('/api/auth/me', 401);
    await page.goto('/login');
  });

  test('shows the business name, subtitle, fields and the powered-by footer', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stone & Sinks');
    await expect(page.getByText('Admin Dashboard Login')).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await expect(page.getByText(/^Powered by .+/)).toBeVisible();
    // No shell around the login screen.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('the show/hide toggle reveals and hides the password', async ({ page }) => {
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('stone-and-sinks');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('the show/hide control sits inside the password field, which is as wide as the username field', async ({
    page,
  }, testInfo) => {
    // Measured once the form has rendered with its fonts (the icon font sizes the control).
    await expect(page.getByRole('button', { name: 'Show password' })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const username = (await page.getByLabel('Username', { exact: true }).boundingBox())!;
    const password = (await page.getByLabel('Password', { exact: true }).boundingBox())!;
    const toggle = (await page.getByRole('button', { name: 'Show password' }).boundingBox())!;
    expect(Math.abs(password.x - username.x)).toBeLessThan(1);
    expect(Math.abs(password.width - username.width)).toBeLessThan(1);
    expect(Math.abs(password.height - username.height)).toBeLessThan(1);
    // Wholly inside the input's box, at its right end.
    expect(toggle.x).toBeGreaterThanOrEqual(password.x + password.width / 2);
    expect(toggle.x + toggle.width).toBeLessThanOrEqual(password.x + password.width);
    expect(toggle.y).toBeGreaterThanOrEqual(password.y);
    expect(toggle.y + toggle.height).toBeLessThanOrEqual(password.y + password.height);
    // Typed text stops before the control.
    const paddingRight = await page
      .getByLabel('Password', { exact: true })
      .evaluate((el) => parseFloat(getComputedStyle(el).paddingRight));
    expect(password.x + password.width - paddingRight).toBeLessThanOrEqual(toggle.x + 1);
    await testInfo.attach('login', { body: await page.locator('.login-card').screenshot(), contentType: 'image/png' });
  });

  test('requires both fields, saying which is missing, and sends nothing', async ({ page }) => {
    let sent = 0;
    page.on('request', (r) => void (r.url().endsWith('/api/auth/login') && sent++));
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Username is required')).toBeHidden();
    await expect(page.getByText('Password is required')).toBeVisible();
    expect(sent).toBe(0);
  });

  test('reads Logging in... while pending, then loads / in full with the session', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.fallback();
    });
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('stone-and-sinks');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    const navigation = page.waitForEvent('framenavigated');
    release();
    await navigation;
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('a refused login shows Login failed with the server’s message and keeps the input', async ({
    page,
    mockPrefer,
  }) => {
    await mockPrefer('**/api/auth/login', 'code=401');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    const toast = page.getByRole('alert');
    await expect(toast).toContainText('Login failed');
    await expect(toast).toContainText('Invalid username or password');
    await expect(page.getByLabel('Username')).toHaveValue('admin');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('wrong-password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('without a server message the toast says Invalid credentials', async ({ page, allowFailedRequest }) => {
    allowFailedRequest('/api/auth/login', 401);
    await page.route('**/api/auth/login', (route) => route.fulfill({ status: 401, body: '' }));
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('nope');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid credentials');
  });
});

test.describe('session', () => {
  test.use({ authenticated: true });

  test('a 401 from a later call ends the session: toast and back to /login', async ({ page, mockPrefer }) => {
    await mockPrefer('**/api/products{,?*}', 'code=401');
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    // The login screen replaces the dashboard (whose panels may have shown their error state
    // for the refused call just before), and the toast explains why.
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByText('Failed to load products.')).toHaveCount(0);
    const toast = page.getByRole('list', { name: 'Notifications (F8)' }).getByRole('alert');
    await expect(toast).toContainText('Session ended');
    await expect(toast).toContainText('Your session has expired. Please log in again.');
  });

  test('the user control shows who is signed in and signs out', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Account: admin' }).click();
    await expect(page.getByText('Signed in as admin')).toBeVisible();
    const logout = page.waitForRequest((r) => r.url().endsWith('/api/auth/logout') && r.method() === 'POST');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await logout;
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signing out still leaves when the server does not know the logout call', async ({
    page,
    allowFailedRequest,
  }) => {
    allowFailedRequest('/api/auth/logout', 404);
    await page.route('**/api/auth/logout', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    await page.goto('/');
    await page.getByRole('button', { name: 'Account: admin' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
