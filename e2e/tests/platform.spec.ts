// R-PLATFORM-SCREENS, R-PLATFORM-CREATE, R-PLATFORM-CHANGE, R-PLATFORM-DELETE: the platform's
// administrator logs in on /platform, adds an organisation whose first administrator gets an
// email with a link on its own host name, sees its counts once it has a school, suspends it
// (its host then answers "suspended") and deletes it after typing its slug: its host is then
// organisation 1's again, and its administrator is unknown there.
import type { Page } from '@playwright/test';
import { unique } from '../lib/data.js';
import { passwordLinkFrom, waitForEmail } from '../lib/mail.js';
import { PLATFORM_ADMIN } from '../lib/settings.js';
import {
  createSchoolFromPage,
  expect,
  loginThroughForm,
  remoteRoot,
  setPasswordThroughLink,
  test,
  text,
} from './fixtures.js';

const nl = (key: string, vars: Record<string, string> = {}) =>
  Object.entries(vars).reduce(
    (t, [k, v]) => t.replace(`{{${k}}}`, v),
    text('mfe_admin', 'nl', `platform.${key}`),
  );

async function platformLogin(page: Page): Promise<void> {
  await page.goto('/platform');
  await expect(page).toHaveURL(/\/platform\/login$/);
  const root = remoteRoot(page, 'mfe_admin', 'platform-login');
  await root.getByTestId('platform-login-email').fill(PLATFORM_ADMIN.email);
  await root.getByTestId('platform-login-password').fill(PLATFORM_ADMIN.password);
  await root.getByTestId('platform-login-submit').click();
  await expect(page).toHaveURL(/\/platform$/);
}

test('the platform administrator adds an organisation, sees its counts, suspends it and deletes it, and its host is organisation 1’s again', async ({
  browser,
  stack,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = unique()
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(-8);
  const slug = `derde-${tag}`;
  const host = `${slug}.localhost`;
  const base = `http://${host}:${stack.gatewayPort}`;
  const name = `Welzijn Derde ${tag}`;
  const firstAdmin = { name: 'Dirk Derde', email: `beheer-${tag}@derde.example` };

  const platform = await browser.newContext({ baseURL: stack.baseURL });
  const theirs = await browser.newContext({ baseURL: base });
  try {
    const page = await platform.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await platformLogin(page);
    const root = remoteRoot(page, 'mfe_admin', 'platform');
    await expect(root.getByTestId('platform-admin')).toBeVisible();
    // Organisation 1 is listed as the installation's own, without actions.
    const own = root
      .getByTestId('organisation-row')
      .filter({ has: page.getByTestId('organisation-own') });
    await expect(own).toHaveCount(1);
    await expect(own.getByRole('button')).toHaveCount(0);

    // A new organisation through the dialog.
    await root.getByTestId('organisation-add').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('organisation-slug').fill(slug);
    await dialog.getByTestId('organisation-name').fill(name);
    await dialog.getByTestId('organisation-hosts').fill(host);
    await dialog.getByTestId('organisation-public-base-url').fill(base);
    await dialog.getByTestId('organisation-contact-email').fill(`info@${slug}.example`);
    await dialog.getByTestId('organisation-admin-name').fill(firstAdmin.name);
    await dialog.getByTestId('organisation-admin-email').fill(firstAdmin.email);
    await dialog.getByRole('button', { name: nl('create') }).click();
    await expect(root.getByTestId('organisation-created')).toBeVisible();
    const row = root.getByTestId('organisation-row').filter({ hasText: slug });
    await expect(row.getByTestId('organisation-status')).toHaveText(nl('status.active'));
    await page.screenshot({ path: testInfo.outputPath('platform-1366-nl.png') });

    // Its first administrator's email has a link on its own host name.
    const welcome = await waitForEmail(stack, { to: firstAdmin.email });
    const link = passwordLinkFrom(welcome);
    expect(link.startsWith(`${base}/reset-password?token=`)).toBe(true);
    const b = await theirs.newPage();
    const password = `Derde-${tag}-wachtwoord!`;
    await setPasswordThroughLink(b, link, password);
    await loginThroughForm(b, firstAdmin.email, password, firstAdmin.name);
    await createSchoolFromPage(b, `Basisschool De Eik ${tag}`);

    // The platform counts it, and shows nothing of it but numbers.
    await page.reload();
    const counts = remoteRoot(page, 'mfe_admin', 'platform')
      .getByTestId('organisation-row')
      .filter({ hasText: slug })
      .getByTestId('organisation-counts');
    const count = (key: string) =>
      counts
        .locator('div')
        .filter({ has: page.locator('dt', { hasText: nl(key) }) })
        .locator('dd');
    await expect(count('counts.schools')).toHaveText('1');
    await expect(count('counts.admins')).toHaveText('1');
    await expect(count('counts.registrations')).toHaveText('0');
    await expect(remoteRoot(page, 'mfe_admin', 'platform')).not.toContainText('De Eik');

    // Suspended: its host answers "suspended", its administrator's session with it.
    const again = remoteRoot(page, 'mfe_admin', 'platform');
    const listed = again.getByTestId('organisation-row').filter({ hasText: slug });
    await listed.getByRole('button', { name: nl('suspendOf', { name }) }).click();
    await page.getByTestId('suspend-confirm').click();
    await expect(listed.getByTestId('organisation-status')).toHaveText(nl('status.suspended'));
    const closed = await b.evaluate(async () => {
      const res = await fetch('/api/app-config');
      return { status: res.status, code: ((await res.json()) as { code?: string }).code };
    });
    expect(closed).toEqual({ status: 403, code: 'ORGANISATION_SUSPENDED' });

    // Deleted after its slug is typed.
    await listed.getByRole('button', { name: nl('deleteOf', { name }) }).click();
    const confirm = page.getByTestId('delete-confirm');
    await expect(confirm).toBeDisabled();
    await page.getByTestId('delete-slug').fill(slug);
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(again.getByTestId('organisation-row').filter({ hasText: slug })).toHaveCount(0);

    // Its host name is organisation 1's again, and its administrator is unknown there.
    const after = await b.evaluate(async () => {
      const config = await fetch('/api/app-config');
      const login = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'x', password: 'y' }),
      });
      return {
        config: config.status,
        name: ((await config.json()) as { organisation: { name: string } }).organisation.name,
        login: login.status,
      };
    });
    expect(after.config).toBe(200);
    expect(after.name).not.toBe(name);
    const relogin = await b.evaluate(
      async ({ email, password }) =>
        (
          await fetch('/api/auth/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password }),
          })
        ).status,
      { email: firstAdmin.email, password },
    );
    expect(relogin).toBe(401);

    // The same screen at phone width and in English.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/platform?lng=en');
    await expect(remoteRoot(page, 'mfe_admin', 'platform').locator('h1')).toHaveText(
      text('mfe_admin', 'en', 'platform.title'),
    );
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('platform-390-en.png'), fullPage: true });
  } finally {
    await platform.close();
    await theirs.close();
  }
});

test('an organisation’s administrator is no platform administrator: /platform asks for the platform’s own login', async ({
  page,
  stack,
}) => {
  await loginThroughForm(page, stack.admin.email, stack.admin.password, stack.admin.name);
  await page.goto('/platform');
  await expect(page).toHaveURL(/\/platform\/login$/);
  const status = await page.evaluate(
    async () => (await fetch('/api/platform/organisations')).status,
  );
  expect(status).toBe(401);
});
