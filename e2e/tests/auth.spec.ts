// Admin access and the password emails, in the browser through the gateway:
// login and its toasts, the dashboard, protected routes and roles, logout, creating an admin
// whose welcome email sets the password, and forgot-password from the login page.
//
// Failed logins count against LOGIN_RATE_LIMIT (10 per 15 minutes per email and per client
// address, left at its default by the global setup): this file causes exactly two.
import { createUserWithPassword, unique } from '../lib/data.js';
import { findEmails, passwordLinkFrom, waitForEmail } from '../lib/mail.js';
import {
  expect,
  fillLogin,
  loginAsAdmin,
  loginThroughForm,
  remoteRoot,
  setPasswordThroughLink,
  test,
  text,
} from './fixtures.js';

const admin = (key: string) => text('mfe_admin', 'nl', key);

test('the bootstrap admin logs in through the form: success toast, then the dashboard with name and a connected API', async ({
  page,
  stack,
}) => {
  await fillLogin(page, stack.admin.email, stack.admin.password);

  // R-ADMIN-LOGIN-PAGE: toast 'Succesvol ingelogd' with 'Welkom terug, {name}!'.
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Succesvol ingelogd');
  await expect(toast).toContainText(`Welkom terug, ${stack.admin.name}!`);

  await expect(page).toHaveURL(/\/admin$/);
  const dashboard = remoteRoot(page, 'mfe_admin', 'admin');
  await expect(dashboard.locator('h1')).toHaveText(admin('dashboard.title'));
  await expect(dashboard.getByTestId('admin-user')).toContainText(stack.admin.name);
  await expect(dashboard).toContainText(admin('roles.admin'));
  const status = dashboard.getByTestId('api-status');
  await expect(status).toHaveAttribute('data-state', 'connected', { timeout: 15_000 });
  await expect(status).toHaveText(admin('dashboard.apiState.connected'));
});

test('a wrong password shows the "Login fout" toast and stays on /login', async ({ page }) => {
  // A unique address that is no admin: the per-email limit of the bootstrap admin is untouched.
  await fillLogin(page, `nobody-${unique()}@school.nl`, 'Geen-Goed-Wachtwoord-1');

  const toast = page.getByTestId('toast');
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
  await expect(toast).toContainText('Login fout');
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

// R-WEB-PROTECTED
test('/admin/schools without a session lands on /login', async ({ page }) => {
  await page.goto('/admin/schools');
  await expect(page).toHaveURL(/\/login$/);
  await expect(remoteRoot(page, 'mfe_admin', 'login').locator('h1')).toHaveText(
    admin('login.title'),
  );
  await expect(page.locator('main[data-page="admin-schools"]')).toHaveCount(0);
});

// R-WEB-PROTECTED; R-WEB-UNAUTHORIZED: access denied, with home and log out.
test('a user with the provider role lands on /unauthorized after logging in', async ({
  page,
  request,
  stack,
}) => {
  await loginAsAdmin(request, stack);
  const tag = unique();
  const user = { name: `Aanbieder ${tag}`, email: `provider-${tag}@school.nl` };
  const password = `Aanbieder-${tag}-Wachtwoord`;
  await createUserWithPassword(request, stack, { ...user, role: 'provider' }, password);

  await fillLogin(page, user.email, password);
  await expect(page.getByTestId('toast')).toContainText(`Welkom terug, ${user.name}!`);

  await expect(page).toHaveURL(/\/unauthorized$/);
  const denied = page.locator('main[data-page="unauthorized"]');
  await expect(denied.locator('h1')).toHaveText('Toegang Geweigerd');
  await expect(
    denied.getByRole('link', { name: text('shell', 'nl', 'unauthorized.home') }),
  ).toBeVisible();
  await expect(
    denied.getByRole('button', { name: text('shell', 'nl', 'unauthorized.logout') }),
  ).toBeVisible();
  await expect(page.locator('main[data-remote="mfe_admin"]')).toHaveCount(0);

  // Every admin screen sends this user there, and the API refuses the role too.
  await page.goto('/admin/schools');
  await expect(page).toHaveURL(/\/unauthorized$/);
  expect((await page.request.get('/api/schools')).status()).toBe(403);
});

// R-WEB-LOGOUT
test('logout lands on /login, /admin then redirects to /login, and a copy of the cookie is refused everywhere', async ({
  page,
  stack,
}) => {
  await loginAsAdmin(page.request, stack);
  await page.goto('/admin');
  const dashboard = remoteRoot(page, 'mfe_admin', 'admin');
  await expect(dashboard.getByTestId('admin-user')).toContainText(stack.admin.name);
  const session = (await page.context().cookies()).find((c) => c.name === 'nsa_session');
  expect(session).toBeDefined();
  // A copy of the cookie, as someone who copied it would send it, to each service's API.
  const withCopy = async (path: string) =>
    (
      await fetch(`${stack.baseURL}${path}`, {
        headers: { cookie: `nsa_session=${session!.value}` },
      })
    ).status;
  const paths = ['/api/auth/me', '/api/admin/users', '/api/schools', '/api/admin/registrations'];
  for (const path of paths) expect(await withCopy(path)).toBe(200);

  await dashboard.getByRole('button', { name: admin('dashboard.logout'), exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(remoteRoot(page, 'mfe_admin', 'login')).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  // Logout ended the session itself: the copy is refused by identity, catalog and registrations.
  for (const path of paths) expect(await withCopy(path)).toBe(401);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await expect(remoteRoot(page, 'mfe_admin', 'login').locator('h1')).toHaveText(
    admin('login.title'),
  );
});

// R-ADMIN-SETTINGS: an administrator added on the settings screen.
test('an admin created in /admin/settings gets a welcome email whose link sets the password, then logs in', async ({
  page,
  stack,
}) => {
  const tag = unique();
  const user = { name: `Nieuwe Beheerder ${tag}`, email: `new-admin-${tag}@school.nl` };
  const password = `Welkom-${tag}-Wachtwoord`;

  await loginAsAdmin(page.request, stack);
  await page.goto('/admin/settings');
  const settings = remoteRoot(page, 'mfe_admin', 'admin-settings');
  await expect(settings.getByTestId('users-table')).toBeVisible();
  await settings.getByRole('button', { name: admin('settings.add'), exact: true }).click();

  const dialog = page.getByRole('dialog', { name: admin('settings.addTitle') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(admin('settings.name')).fill(user.name);
  await dialog.getByLabel(admin('settings.email')).fill(user.email);
  await expect(dialog.getByLabel(admin('settings.role'))).toHaveValue('admin');
  await dialog.getByRole('button', { name: admin('settings.create'), exact: true }).click();

  await expect(page.getByTestId('toast')).toContainText(admin('settings.created'));
  await expect(dialog).toBeHidden();
  const row = settings.getByTestId('user-row').filter({ hasText: user.email });
  await expect(row).toContainText(user.name);
  await expect(row).toContainText(admin('roles.admin'));

  // The welcome email (R-EMAIL-KINDS) carries a setup link to /reset-password?token=….
  const welcome = await waitForEmail(stack, { to: user.email });
  const link = passwordLinkFrom(welcome);
  expect(link.startsWith(`${stack.baseURL}/reset-password?token=`), link).toBe(true);

  // The new admin is somebody else: drop the bootstrap admin's session first.
  await page.context().clearCookies();
  await setPasswordThroughLink(page, link, password);
  await loginThroughForm(page, user.email, password, user.name);
});

// R-ACCOUNT-RESET-REQUEST: a known address receives a reset email.
test('forgot password on the login page: the reset email arrives and its link sets a new password', async ({
  page,
  request,
  stack,
}) => {
  // An admin of its own, so the bootstrap admin's password stays as it is.
  await loginAsAdmin(request, stack);
  const tag = unique();
  const user = { name: `Vergeetachtig ${tag}`, email: `forgot-${tag}@school.nl` };
  const oldPassword = `Oud-${tag}-Wachtwoord`;
  const newPassword = `Nieuw-${tag}-Wachtwoord`;
  await createUserWithPassword(request, stack, { ...user, role: 'admin' }, oldPassword);
  const before = new Set((await findEmails(stack, { to: user.email })).map((e) => e.id));

  await page.goto('/login');
  const root = remoteRoot(page, 'mfe_admin', 'login');
  const forgot = root.getByRole('button', { name: admin('login.forgotPassword') });

  // Without an email address (R-ADMIN-LOGIN-PAGE): 'Email vereist' / 'Voer eerst uw email
  // adres in.'
  await forgot.click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Email vereist');
  await expect(toast).toContainText('Voer eerst uw email adres in.');

  await root.getByLabel(admin('login.email')).fill(user.email);
  await forgot.click();
  await expect(toast).toContainText('Als het email adres bestaat, is er een reset link verzonden.');

  const reset = await waitForEmail(stack, { to: user.email, where: (e) => !before.has(e.id) });
  const link = passwordLinkFrom(reset);
  expect(link.startsWith(`${stack.baseURL}/reset-password?token=`), link).toBe(true);

  await setPasswordThroughLink(page, link, newPassword);
  await loginThroughForm(page, user.email, newPassword, user.name);

  // The old password no longer works (the second and last failed login of this file).
  const old = await request.post('/api/auth/login', {
    data: { email: user.email, password: oldPassword },
  });
  expect(old.status()).toBe(401);
});
