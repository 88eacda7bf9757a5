// The admin screens at a real organisation's size (R-REVIEW-SEARCH, R-REVIEW-BULK,
// R-REVIEW-BULK-SCREEN, R-ADMIN-SUMMARY, R-ADMIN-DASHBOARD-FIGURES, R-ADMIN-ACTIVITIES-FILTER,
// R-ADMIN-WIDTH) at 1366×768: the search finds a child by part of the parent's email, a
// filtered address reloads to the same view, a bulk approve of 5 on 3 places approves 3 and
// rejects 2 as full (through the API and through the screen, its confirmation saying so
// first), the activities screen filters and its row menu works by keyboard, the dashboard's
// counts are the summary's, no admin screen scrolls sideways, axe-core finds nothing with the
// dialogs and menus open, and every admin screen is photographed at 390 and 1366 px in nl and en.
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminSummary } from '@nsa/contracts';
import { apiGet, apiPost, birthDateForAge, createCatalog, signUp, unique } from '../lib/data.js';
import {
  expect,
  loginAsAdmin,
  remoteRoot,
  test,
  text,
  textWith,
  type Language,
} from './fixtures.js';

const admin = (key: string) => text('mfe_admin', 'nl', key);
const adminWith = (
  key: string,
  values: Record<string, string | number>,
  language: Language = 'nl',
) => textWith('mfe_admin', language, key, values);
/** An i18next plural: the _one or _other form with its count filled in. */
const plural = (key: string, count: number, language: Language = 'nl') =>
  adminWith(`${key}_${count === 1 ? 'one' : 'other'}`, { count }, language);

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

async function noSidewaysScroll(page: Page, what = page.url()) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `${what}: the document does not scroll sideways`).toBeLessThanOrEqual(
    widths.client,
  );
}

/** At 1366 px every table fits its box: nothing to scroll sideways inside it either. */
async function tablesFit(page: Page, what: string) {
  const overflows = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.adm-table-scroll')]
      .map((box) => box.scrollWidth - box.clientWidth)
      .filter((extra) => extra > 0),
  );
  expect(overflows, `${what}: every table fits without scrolling sideways in its box`).toEqual([]);
}

async function expectNoAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe-core violations on ${what}`).toEqual([]);
}

async function screenshot(page: Page, name: string) {
  const dir = path.join(test.info().project.outputDir, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
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
    test.setTimeout(300_000);
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
      await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
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

  test('bulk approve through the screen: the dialog says 3 approved and 2 would exceed capacity before sending, then what was done', async ({
    page,
    request,
  }) => {
    const tag = unique();
    const title = `Bulkscherm ${tag}`;
    const catalog = await createCatalog(request, title, [{ title, capacity: 3 }]);
    const activityId = catalog.activities[0]!.id;
    for (let i = 0; i < 5; i++) {
      await signUpChild(
        request,
        catalog.school.accessToken,
        activityId,
        `Kind${i}`,
        `Scherm${tag}`,
        `scherm${i}-${tag}@example.nl`,
      );
    }
    await page.goto(`/admin/registrations?activityId=${activityId}`);
    const panel = panelOf(page);
    await expect(panel.getByTestId('registration-row')).toHaveCount(5, { timeout: 30_000 });
    await expect(panel.getByTestId('bulk-count')).toHaveText(admin('bulk.noneSelected'));

    // By keyboard: the page's checkbox selects all five.
    const all = panel.getByRole('checkbox', { name: admin('bulk.selectAll') });
    await all.focus();
    await page.keyboard.press('Space');
    await expect(all).toBeChecked();
    await expect(panel.getByTestId('bulk-count')).toHaveText(plural('bulk.selected', 5));
    // One off and on again by its own checkbox.
    const first = panel.getByTestId('select-row').first();
    await first.uncheck();
    await expect(panel.getByTestId('bulk-count')).toHaveText(plural('bulk.selected', 4));
    await expect(all).not.toBeChecked();
    await first.check();
    await expect(all).toBeChecked();

    // A single review dialog first: no axe-core violations with it open either.
    await panel.locator('[data-action="approve"]').first().click();
    const single = page.getByRole('dialog', { name: admin('registrations.approveTitle') });
    await expect(single).toBeVisible();
    await expectNoAxeViolations(page, 'the review screen with an approve dialog open');
    await single.getByRole('button', { name: admin('common.cancel'), exact: true }).click();
    await expect(single).toBeHidden();

    await panel.getByRole('button', { name: admin('bulk.approve'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: admin('bulk.title.approve') });
    await expect(dialog).toBeVisible();
    const will = dialog.getByTestId('bulk-will');
    await expect(will.locator('li')).toHaveText([
      plural('bulk.will.approved', 3),
      plural('bulk.will.rejectedFull', 2),
    ]);
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, 'the review screen with the bulk dialog open');
    await dialog.getByTestId('bulk-send').click();
    const did = dialog.getByTestId('bulk-did');
    await expect(did.locator('li')).toHaveText([
      plural('bulk.did.approved', 3),
      plural('bulk.did.rejectedFull', 2),
    ]);
    await expectNoAxeViolations(page, 'the bulk dialog showing what was done');
    await dialog.getByRole('button', { name: admin('bulk.close'), exact: true }).click();
    await expect(dialog).toBeHidden();

    const badges = panel.getByTestId('status-badge');
    await expect(badges.filter({ hasText: admin('registrations.status.approved') })).toHaveCount(3);
    await expect(badges.filter({ hasText: admin('registrations.status.rejected') })).toHaveCount(2);
    await expect(panel.getByTestId('bulk-count')).toHaveText(admin('bulk.noneSelected'));
    // The oldest three got the places.
    const rows = await apiGet<{ data: Array<{ id: number; status: string }> }>(
      request,
      `/api/admin/registrations?activityId=${activityId}`,
    );
    const byAge = [...rows.data].sort((a, b) => a.id - b.id).map((r) => r.status);
    expect(byAge).toEqual(['approved', 'approved', 'approved', 'rejected', 'rejected']);
  });

  test('the activities screen filters by school, block, provider and search, kept in the address; the row menu works by keyboard', async ({
    page,
    request,
  }) => {
    const tag = unique();
    const long = `Buitenschoolse sportinstuif met extra lange titel voor de bovenbouw ${tag}`;
    const one = await createCatalog(request, `Filter Een ${tag}`, [
      { title: long, capacity: 4 },
      { title: `Dammen ${tag}`, capacity: 10 },
    ]);
    const two = await createCatalog(request, `Filter Twee ${tag}`, [
      { title: `Dammen ${tag} twee`, capacity: 2 },
    ]);
    // One place left on the long one: orange; the other school's is full: red.
    for (let i = 0; i < 3; i++) {
      await signUpChild(
        request,
        one.school.accessToken,
        one.activities[0]!.id,
        `Kind${i}`,
        `Filter${tag}`,
        `filter${i}-${tag}@example.nl`,
      );
    }
    const full = [];
    for (let i = 0; i < 2; i++) {
      full.push(
        (
          await signUpChild(
            request,
            two.school.accessToken,
            two.activities[0]!.id,
            `Vol${i}`,
            `Filter${tag}`,
            `vol${i}-${tag}@example.nl`,
          )
        ).id,
      );
    }
    const firstThree = await apiGet<{ data: Array<{ id: number }> }>(
      request,
      `/api/admin/registrations?activityId=${one.activities[0]!.id}`,
    );
    await apiPost(request, '/api/admin/registrations/bulk', {
      action: 'approve',
      ids: [...firstThree.data.map((r) => r.id), ...full],
      sendEmail: false,
    });

    await page.goto('/admin/activities');
    const root = remoteRoot(page, 'mfe_admin', 'admin-activities');
    const rows = root.getByTestId('activity-row');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    await noSidewaysScroll(page);

    await root
      .getByLabel(admin('activityFilters.schoolId'), { exact: true })
      .selectOption(String(one.school.id));
    await expect(page).toHaveURL(new RegExp(`[?&]schoolId=${one.school.id}(&|$)`));
    await expect(rows).toHaveCount(2);
    await root.getByLabel(admin('activityFilters.search'), { exact: true }).fill('SPORTINSTUIF');
    await expect(page).toHaveURL(/[?&]q=SPORTINSTUIF(&|$)/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(long);
    await expect(rows.first().getByTestId('capacity')).toHaveText('3/4');
    await expect(rows.first().locator('.adm-capacity-bar')).toHaveAttribute(
      'data-level',
      'almostFull',
    );
    const url = page.url();
    await page.reload();
    await expect(page).toHaveURL(url);
    await expect(rows).toHaveCount(1);
    await expect(root.getByLabel(admin('activityFilters.search'), { exact: true })).toHaveValue(
      'SPORTINSTUIF',
    );

    // Block and provider: the other school's block and provider show only its own activity.
    await root.getByTestId('activity-filters-clear').click();
    await expect(page).not.toHaveURL(/[?&](q|schoolId)=/);
    await root
      .getByLabel(admin('activityFilters.blockId'), { exact: true })
      .selectOption(String(two.block.id));
    await root
      .getByLabel(admin('activityFilters.providerId'), { exact: true })
      .selectOption(String(two.provider.id));
    await expect(page).toHaveURL(
      new RegExp(
        `blockId=${two.block.id}.*providerId=${two.provider.id}|providerId=${two.provider.id}.*blockId=${two.block.id}`,
      ),
    );
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('capacity')).toHaveText('2/2');
    await expect(rows.first().locator('.adm-capacity-bar')).toHaveAttribute('data-level', 'full');
    await expect(rows.first().getByTestId('attendance-rate')).toContainText('–');
    await noSidewaysScroll(page);

    // The row menu by keyboard: Enter opens it on its first item, the arrows move, Escape
    // closes it and gives focus back.
    const title = `Dammen ${tag} twee`;
    const menuButton = rows.first().getByRole('button', {
      name: adminWith('activities.actionsOf', { title }),
    });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = rows.first().getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: admin('activities.lock') })).toBeFocused();
    await expectNoAxeViolations(page, 'the activities screen with a row menu open');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    // Lock through the menu, by keyboard.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(rows.first()).toHaveAttribute('data-locked', 'true');

    // The provider link dialog, opened from the menu: no axe-core violations with it open.
    await menuButton.click();
    await menu.getByRole('menuitem', { name: admin('activities.providerLink') }).click();
    const linkDialog = page.getByRole('dialog', {
      name: adminWith('providerLink.title', { title }),
    });
    await expect(linkDialog.getByTestId('provider-link')).toBeVisible();
    await expectNoAxeViolations(page, 'the activities screen with the provider link dialog open');
    await page.keyboard.press('Escape');
    await expect(linkDialog).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('the dashboard shows the summary: counts by status, the full and nearly full activities, sign-ups per day', async ({
    page,
    request,
  }) => {
    const tag = unique();
    const title = `Dashboard vol ${tag}`;
    const catalog = await createCatalog(request, title, [{ title, capacity: 2 }]);
    const activityId = catalog.activities[0]!.id;
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (
          await signUpChild(
            request,
            catalog.school.accessToken,
            activityId,
            `Dash${i}`,
            `Board${tag}`,
            `dash${i}-${tag}@example.nl`,
          )
        ).id,
      );
    }
    await apiPost(request, '/api/admin/registrations/bulk', {
      action: 'approve',
      ids: ids.slice(0, 2),
      sendEmail: false,
    });
    const summary = await apiGet<AdminSummary>(request, '/api/admin/summary');

    await page.goto('/admin');
    const root = remoteRoot(page, 'mfe_admin', 'admin');
    const figures = root.getByTestId('dashboard-summary');
    await expect(figures).toBeVisible({ timeout: 30_000 });
    for (const status of ['new', 'approved', 'rejected', 'waitlisted'] as const) {
      const tile = figures.getByTestId(`summary-count-${status}`);
      await expect(tile.locator('.adm-count-number')).toHaveText(String(summary.counts[status]));
      await expect(tile).toHaveAttribute('href', `/admin/registrations?status=${status}`);
    }
    expect(summary.counts.new).toBeGreaterThanOrEqual(1);
    expect(summary.counts.approved).toBeGreaterThanOrEqual(2);
    const fullOne = figures.getByTestId('summary-activity').filter({ hasText: title });
    await expect(fullOne).toHaveAttribute('data-full', 'true');
    await expect(fullOne.getByTestId('capacity')).toHaveText('2/2');
    const chart = figures.getByTestId('summary-chart');
    await expect(chart.getByRole('img', { name: admin('summary.chartTitle') })).toBeVisible();
    await expect(chart.locator('rect.adm-chart-bar')).toHaveCount(summary.signupsPerDay.length);
    await chart.locator('summary').click();
    await expect(chart.getByTestId('summary-days').locator('tbody tr')).toHaveCount(
      summary.signupsPerDay.length,
    );
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, 'the dashboard with its figures');

    await fullOne.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/admin/registrations\\?activityId=${activityId}$`));
    await expect(panelOf(page).getByTestId('registration-row')).toHaveCount(3);
  });

  test('every admin screen at 390 and 1366 px in nl and en: no sideways scroll, photographed', async ({
    page,
    request,
  }) => {
    // 32 page loads on a shared machine.
    test.setTimeout(480_000);
    const tag = unique();
    const title = `Schermafdruk met een lange naam die ruimte vraagt ${tag}`;
    // One unbroken word of 42 letters in the school's and the provider's names: the cells wrap it.
    const catalog = await createCatalog(
      request,
      `Foto ${tag} OpenbareBasisschoolDeLangeNaamVanDeWijkAan`,
      [{ title, capacity: 5 }],
    );
    const activityId = catalog.activities[0]!.id;
    await signUpChild(
      request,
      catalog.school.accessToken,
      activityId,
      'Maximiliaan-Alexander',
      `van Oldenbarnevelt-Hoogstraten ${tag}`,
      `maximiliaan.alexander.vanoldenbarnevelt-${tag}@voorbeeld-basisschool.example.nl`,
    );
    const screens = [
      ['dashboard', '/admin'],
      ['registrations', '/admin/registrations'],
      ['activities', '/admin/activities'],
      ['schools', '/admin/schools'],
      ['blocks', '/admin/blocks'],
      ['providers', '/admin/providers'],
      ['settings', '/admin/settings'],
      ['attendance', `/admin/activities/${activityId}/attendance`],
    ] as const;
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const language of ['nl', 'en'] as const) {
        for (const [name, url] of screens) {
          // The language is named every time: a choice made once is remembered.
          await page.goto(`${url}?lng=${language}`);
          await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
          await page.waitForLoadState('networkidle');
          // Every list loaded: no spinner left.
          await expect(page.locator('main .spinner-box')).toHaveCount(0, { timeout: 30_000 });
          await noSidewaysScroll(page, `${url} at ${width} px in ${language}`);
          if (width === 1366) await tablesFit(page, `${url} at ${width} px in ${language}`);
          await screenshot(page, `admin-${name}-${width}-${language}`);
        }
      }
    }
  });
});
