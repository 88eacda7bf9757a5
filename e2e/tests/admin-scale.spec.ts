// The admin screens at a real organisation's size (R-REVIEW-SEARCH, R-REVIEW-BULK,
// R-ADMIN-SUMMARY) at 1366×768: the search finds a child by part of the parent's email, a
// filtered address reloads to the same view, a bulk approve of 5 on 3 places approves 3 and
// rejects 2 as full, and the review screen does not scroll sideways.
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiPost, birthDateForAge, createCatalog, signUp, unique } from '../lib/data.js';
import { expect, loginAsAdmin, remoteRoot, test, text } from './fixtures.js';

const admin = (key: string) => text('mfe_admin', 'nl', key);

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 1366, height: 768 } });

async function signUpChild(
  request: APIRequestContext,
  token: string,
  activityId: number,
  first: string,
  last: string,
  email: string,
) {
  return signUp(request, token, {
    activityId,
    childFirstName: first,
    childLastName: last,
    childDateOfBirth: birthDateForAge(8),
    childGroup: 'groep5',
    parentName: `Ouder ${last}`,
    email,
    phone: '0612345678',
  });
}

const panelOf = (page: Page) =>
  remoteRoot(page, 'mfe_admin', 'admin-registrations').getByTestId('signups-panel');

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, 'the document does not scroll sideways').toBeLessThanOrEqual(widths.client);
}

test.describe('admin at scale', () => {
  test.beforeEach(async ({ page, request, stack }) => {
    await loginAsAdmin(request, stack);
    await loginAsAdmin(page.request, stack);
  });

  test('the search finds a child by part of the parent email, and the filtered address reloads to the same view', async ({
    page,
    request,
  }) => {
    const tag = unique();
    const catalog = await createCatalog(request, `Zoek ${tag}`, [{ title: `Zoek ${tag}` }]);
    const activityId = catalog.activities[0]!.id;
    const token = catalog.school.accessToken;
    const wanted = await signUpChild(
      request,
      token,
      activityId,
      'Fenna',
      `Zk${tag}`,
      `fam.zoekmij${tag}@example.nl`,
    );
    const other = await signUpChild(
      request,
      token,
      activityId,
      'Gijs',
      `Ander${tag}`,
      `ander${tag}@example.nl`,
    );

    await page.goto('/admin/registrations');
    const panel = panelOf(page);
    await expect(panel.getByTestId('registration-row').first()).toBeVisible();
    await noSidewaysScroll(page);
    await panel
      .getByLabel(admin('registrations.filters.search'), { exact: true })
      .fill(`ZOEKMIJ${tag}@ex`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=ZOEKMIJ${tag}%40ex(&|$)`));
    const row = (id: number) =>
      panel.locator(`[data-testid="registration-row"][data-registration-id="${id}"]`);
    await expect(panel.getByTestId('registration-row')).toHaveCount(1);
    await expect(row(wanted.id)).toContainText('Fenna');
    await expect(row(other.id)).toHaveCount(0);

    await panel
      .getByLabel(admin('registrations.filters.status'), { exact: true })
      .selectOption('new');
    await expect(page).toHaveURL(/[?&]status=new(&|$)/);
    const url = page.url();
    await page.reload();
    await expect(page).toHaveURL(url);
    await expect(
      panel.getByLabel(admin('registrations.filters.search'), { exact: true }),
    ).toHaveValue(`ZOEKMIJ${tag}@ex`);
    await expect(
      panel.getByLabel(admin('registrations.filters.status'), { exact: true }),
    ).toHaveValue('new');
    await expect(panel.getByTestId('registration-row')).toHaveCount(1);
    await expect(row(wanted.id)).toBeVisible();
    await noSidewaysScroll(page);
  });

  test('a bulk approve of 5 on a capacity-3 activity approves 3 and rejects 2 (full), as the list then shows', async ({
    page,
    request,
  }) => {
    const tag = unique();
    const catalog = await createCatalog(request, `Bulk ${tag}`, [
      { title: `Bulk ${tag}`, capacity: 3 },
    ]);
    const activityId = catalog.activities[0]!.id;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        (
          await signUpChild(
            request,
            catalog.school.accessToken,
            activityId,
            `Kind${i}`,
            `Bulk${tag}`,
            `bulk${i}-${tag}@example.nl`,
          )
        ).id,
      );
    }
    const answer = await apiPost<{ results: Array<{ id: number; status?: string }> }>(
      request,
      '/api/admin/registrations/bulk',
      { action: 'approve', ids, sendEmail: false },
    );
    expect(answer.results.map((r) => r.status)).toEqual([
      'approved',
      'approved',
      'approved',
      'rejected',
      'rejected',
    ]);
    await page.goto(`/admin/registrations?activityId=${activityId}`);
    const panel = panelOf(page);
    await expect(panel.getByTestId('registration-row')).toHaveCount(5);
    const badges = panel.getByTestId('status-badge');
    await expect(badges.filter({ hasText: admin('registrations.status.approved') })).toHaveCount(3);
    await expect(badges.filter({ hasText: admin('registrations.status.rejected') })).toHaveCount(2);
  });

  test('every admin screen and the provider page: no sideways scroll at 1366 px and no axe-core violations', async ({
    page,
    request,
  }) => {
    const tag = unique();
    const catalog = await createCatalog(request, `Axe ${tag}`, [{ title: `Axe ${tag}` }]);
    const activityId = catalog.activities[0]!.id;
    await signUpChild(
      request,
      catalog.school.accessToken,
      activityId,
      'Ilse',
      `Axe${tag}`,
      `axe${tag}@example.nl`,
    );
    const { url } = await apiPost<{ url: string }>(
      request,
      `/api/admin/activities/${activityId}/provider-token/generate`,
    );
    const provider = new URL(url);
    for (const screen of [
      `${provider.pathname}${provider.search}`,
      '/admin',
      '/admin/registrations',
      '/admin/activities',
      '/admin/schools',
      '/admin/blocks',
      '/admin/providers',
      '/admin/settings',
    ]) {
      await page.goto(screen);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await noSidewaysScroll(page);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const summary = violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
      expect(summary, `axe-core violations on ${screen}`).toEqual([]);
    }
  });
});
