// R-WEB-REMOTE-FAILURE: when a micro-frontend cannot be loaded, the shell still renders, that route
// shows a clear error with a retry button, and the other routes keep working.
import { expect, loginAsAdmin, remoteRoot, test, text, withRegistry } from './fixtures.js';

const MISSING_ADMIN_MANIFEST = '/mfe/admin/missing/mf-manifest.json';

test('with the admin remote missing at the gateway, /admin shows the error with retry and / still works', async ({
  page,
  stack,
}) => {
  await loginAsAdmin(page.request, stack);
  await withRegistry(
    stack,
    (registry) => ({ ...registry, mfe_admin: MISSING_ADMIN_MANIFEST }),
    async () => {
      const manifest = page.waitForResponse((r) => r.url().endsWith(MISSING_ADMIN_MANIFEST));
      await page.goto('/admin');
      // The gateway really answers 404 for the remote's files: no SPA page in their place.
      expect((await manifest).status()).toBe(404);

      const error = page.getByTestId('remote-error');
      await expect(error).toBeVisible();
      await expect(error.getByRole('alert')).toContainText(
        text('shell', 'nl', 'remote.errorTitle'),
      );
      await expect(page.getByTestId('remote-retry')).toBeVisible();
      await expect(page.getByTestId('remote-retry')).toHaveText(
        text('shell', 'nl', 'remote.retry'),
      );
      await expect(page.locator('main[data-remote="mfe_admin"]')).toHaveCount(0);
      // The shell itself is still there around the error.
      await expect(page.locator('header')).toBeVisible();

      // A retry while the files are still missing gives the error again, not a blank page.
      await page.getByTestId('remote-retry').click();
      await expect(page.getByTestId('remote-error')).toBeVisible();

      // Other remotes are unaffected.
      await page.goto('/');
      await expect(remoteRoot(page, 'mfe_public', 'landing').locator('h1')).toHaveText(
        text('mfe_public', 'nl', 'landing.title'),
      );
      await page.goto(`/schools/${stack.demoSchool.token}`);
      await expect(remoteRoot(page, 'mfe_public', 'school').locator('h1')).toHaveText(
        stack.demoSchool.name,
      );
    },
  );
  // With the registry back, the next visit loads the admin remote again.
  await page.goto('/admin');
  await expect(remoteRoot(page, 'mfe_admin', 'admin').locator('h1')).toHaveText(
    text('mfe_admin', 'nl', 'dashboard.title'),
  );
});

test('the error is in English after ?lng=en', async ({ page, stack }) => {
  await loginAsAdmin(page.request, stack);
  await withRegistry(
    stack,
    (registry) => ({ ...registry, mfe_admin: MISSING_ADMIN_MANIFEST }),
    async () => {
      await page.goto('/admin?lng=en');
      await expect(page.getByTestId('remote-error').getByRole('alert')).toContainText(
        text('shell', 'en', 'remote.errorTitle'),
      );
      await expect(page.getByTestId('remote-retry')).toHaveText(
        text('shell', 'en', 'remote.retry'),
      );
    },
  );
});

test('retry loads the admin remote once its files are back', async ({ page, stack }) => {
  await loginAsAdmin(page.request, stack);
  // The remote's files answer 404 (as if removed from the server) until the route is dropped.
  const gone = (route: import('@playwright/test').Route) =>
    route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' });
  await page.route('**/mfe/admin/**', gone);

  await page.goto('/admin');
  await expect(page.getByTestId('remote-error')).toBeVisible();

  await page.unroute('**/mfe/admin/**', gone);
  await page.getByTestId('remote-retry').click();

  await expect(remoteRoot(page, 'mfe_admin', 'admin').locator('h1')).toHaveText(
    text('mfe_admin', 'nl', 'dashboard.title'),
  );
  await expect(page.getByTestId('remote-error')).toHaveCount(0);
});

test('retry after the registry is repaired loads the admin remote', async ({ page, stack }) => {
  // The retry reads /mfe-registry.json again, so a repaired entry is used without a reload.
  await loginAsAdmin(page.request, stack);
  await withRegistry(
    stack,
    (registry) => ({ ...registry, mfe_admin: MISSING_ADMIN_MANIFEST }),
    async (restore) => {
      await page.goto('/admin');
      await expect(page.getByTestId('remote-error')).toBeVisible();

      restore();
      await page.getByTestId('remote-retry').click();
      await expect(remoteRoot(page, 'mfe_admin', 'admin').locator('h1')).toHaveText(
        text('mfe_admin', 'nl', 'dashboard.title'),
        { timeout: 5_000 },
      );
    },
  );
});
