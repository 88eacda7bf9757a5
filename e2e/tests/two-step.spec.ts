// Two-step login (R-TOTP) in the browser: an admin sets it up in the settings screen with the
// QR code's secret and the first code, keeps the recovery codes, and from then on logs in with
// a code from the app, or once with a recovery code. Codes are made here as an authenticator
// app makes them (RFC 6238).
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createUserWithPassword, unique } from '../lib/data.js';
import { expect, loginAsAdmin, remoteRoot, test, text } from './fixtures.js';

const admin = (key: string) => text('mfe_admin', 'nl', key);

/** The code an app shows for `secret` at `at` (ms). */
const codeAt = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

async function fillLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  const root = remoteRoot(page, 'mfe_admin', 'login');
  await root.getByLabel(admin('login.email')).fill(email);
  await root.getByLabel(admin('login.password'), { exact: true }).fill(password);
  await root.getByRole('button', { name: admin('login.submit'), exact: true }).click();
  return root;
}

async function logout(page: Page) {
  const dashboard = remoteRoot(page, 'mfe_admin', 'admin');
  await dashboard.getByRole('button', { name: admin('dashboard.logout'), exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('an admin turns two-step login on in the settings, then logs in with a code from the app, and once with a recovery code', async ({
  page,
  request,
  stack,
}) => {
  // Four logins and as many page loads.
  test.slow();
  await loginAsAdmin(request, stack);
  const tag = unique();
  const user = {
    name: `Twee Stap ${tag}`,
    email: `twostep-${tag}@school.nl`,
    role: 'admin' as const,
  };
  const password = `Twee-${tag}-Wachtwoord`;
  await createUserWithPassword(request, stack, user, password);

  await fillLogin(page, user.email, password);
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 });
  await page.goto('/admin/settings');
  const settings = remoteRoot(page, 'mfe_admin', 'admin-settings');
  const section = settings.getByTestId('two-step');
  await expect(section).toContainText(admin('totp.statusOff'));
  await section.getByRole('button', { name: admin('totp.turnOn') }).click();

  const dialog = page.getByRole('dialog', { name: admin('totp.setupTitle') });
  await expect(dialog.getByRole('img', { name: admin('totp.qrAlt') })).toBeVisible();
  await dialog.getByText(admin('totp.cannotScan')).click();
  const secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // A wrong code is the field's error, and nothing is turned on.
  const code = dialog.getByLabel(admin('totp.codeLabel'));
  await code.fill('123456' === codeAt(secret) ? '654321' : '123456');
  await dialog.getByRole('button', { name: admin('totp.enable') }).click();
  await expect(dialog).toContainText('Onjuiste of al gebruikte code.');
  await code.fill(codeAt(secret));
  await dialog.getByRole('button', { name: admin('totp.enable') }).click();

  const codes = dialog.getByTestId('recovery-codes');
  await expect(codes.locator('li')).toHaveCount(10);
  const recovery = await codes.locator('li').first().innerText();
  expect(recovery).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  const done = codes.getByRole('button', { name: admin('totp.done') });
  await expect(done).toBeDisabled();
  await codes.getByLabel(admin('totp.codesKept')).check();
  await done.click();
  await expect(dialog).toBeHidden();
  await expect(section).toContainText(admin('totp.statusOn'));
  await expect(
    settings.getByRole('row', { name: new RegExp(user.name) }).getByRole('cell', {
      name: admin('totp.statusOn'),
      exact: true,
    }),
  ).toBeVisible();

  // The password alone is not enough: the form asks for the code (the next step's, since
  // the enrolment used this one's).
  await page.goto('/admin');
  await logout(page);
  const login = await fillLogin(page, user.email, password);
  const codeField = login.getByLabel(admin('totp.codeLabel'));
  await expect(codeField).toBeFocused();
  await codeField.fill(codeAt(secret, Date.now() + 30_000));
  await login.getByRole('button', { name: admin('login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 });

  // Phone not at hand: a recovery code, typed in capitals, works once.
  await logout(page);
  const again = await fillLogin(page, user.email, password);
  await again.getByRole('button', { name: admin('totp.useRecovery') }).click();
  const recoveryField = again.getByLabel(admin('totp.recoveryLabel'));
  await expect(recoveryField).toBeFocused();
  await recoveryField.fill(recovery.toUpperCase());
  await again.getByRole('button', { name: admin('login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 });

  await logout(page);
  const third = await fillLogin(page, user.email, password);
  await third.getByRole('button', { name: admin('totp.useRecovery') }).click();
  await third.getByLabel(admin('totp.recoveryLabel')).fill(recovery);
  await third.getByRole('button', { name: admin('login.submit'), exact: true }).click();
  await expect(third).toContainText('Onjuiste of al gebruikte code.');
  await expect(page).toHaveURL(/\/login$/);
});
