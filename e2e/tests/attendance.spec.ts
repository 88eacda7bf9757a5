// Attendance through the provider link on a phone (R-ATTENDANCE-PAGE, R-ATTENDANCE-ONCE,
// R-ATTENDANCE-ADMIN): the page opens on today's session, three children are marked, a fourth
// while the phone is offline (kept in the browser, "1 mark waiting"), sent once the phone is back
// online, and the admin's read-only grid shows all four. Both screens at 390 and 1366 px, in nl
// and en: no sideways scroll, no axe-core violations.
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { GeneratedProviderLink } from '@nsa/contracts';
import {
  apiPost,
  birthDateForAge,
  createCatalog,
  signUp,
  unique,
  type Catalog,
} from '../lib/data.js';
import { expect, loginAsAdmin, remoteRoot, test, text, textWith } from './fixtures.js';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

/** Today's date in Amsterdam, YYYY-MM-DD: the day the page opens on. */
function todayInAmsterdam(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** Five approved children of the catalog's activity, by name. */
async function approvedChildren(request: APIRequestContext, catalog: Catalog, tag: string) {
  const names: string[] = [];
  for (const first of ['Anna', 'Bram', 'Cas', 'Daan', 'Eva']) {
    const last = `Test${tag.replace(/\W/g, '')}`;
    const created = await signUp(request, catalog.school.accessToken, {
      activityId: catalog.activities[0]!.id,
      childFirstName: first,
      childLastName: last,
      childDateOfBirth: birthDateForAge(8),
      childGroup: 'groep5',
      parentName: `Ouder ${first}`,
      email: `ouder-${first.toLowerCase()}-${tag.replace(/\W/g, '')}@example.nl`,
      phone: '0612345678',
    });
    await apiPost(request, `/api/admin/registrations/${created.id}/approve`, { sendEmail: false });
    names.push(`${first} ${last}`);
  }
  return names;
}

test('at phone width: three marks, a fourth offline, sent when back online; the admin grid shows all four', async ({
  page,
  request,
  stack,
}) => {
  await loginAsAdmin(request, stack);
  const tag = unique();
  // The activity is on today's weekday, in a block from this week on: today is a session.
  const weekday = new Date(`${todayInAmsterdam()}T12:00:00Z`).getUTCDay();
  const catalog = await createCatalog(request, tag, [
    { title: `Judo ${tag}`, weekday, startTime: '15:00' },
  ]);
  const activityId = catalog.activities[0]!.id;
  const names = await approvedChildren(request, catalog, tag);
  const { url } = await apiPost<GeneratedProviderLink>(
    request,
    `/api/admin/activities/${activityId}/provider-token/generate`,
  );
  const link = new URL(url);

  // Whoever holds the link needs no session.
  await page.context().clearCookies();
  await page.goto(`${link.pathname}${link.search}`);
  await remoteRoot(page, 'mfe_provider', 'provider').getByTestId('provider-tab-attendance').click();
  const root = remoteRoot(page, 'mfe_provider', 'provider-attendance');
  await expect(root.getByRole('heading', { level: 1 })).toHaveText(
    text('mfe_provider', 'nl', 'attendance.title'),
  );
  await expect(root.getByTestId('attendance-session')).toHaveValue(todayInAmsterdam());
  const rows = root.getByTestId('attendance-child');
  await expect(rows).toHaveCount(5);
  const row = (name: string) => rows.filter({ hasText: name });
  const present = text('mfe_provider', 'nl', 'attendance.present');

  // Large tap targets on a phone (at least 44 px high).
  const box = await row(names[0]!).getByTestId('attendance-present').boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);

  await row(names[0]!).getByRole('button', { name: present }).click();
  await row(names[1]!).getByTestId('attendance-absent').click();
  // By keyboard: the button takes focus and Space presses it.
  await row(names[2]!).getByTestId('attendance-present').focus();
  await page.keyboard.press('Space');
  await expect(row(names[0]!).getByTestId('attendance-present')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(row(names[1]!).getByTestId('attendance-absent')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(row(names[2]!).getByTestId('attendance-present')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(root.getByTestId('attendance-waiting')).toHaveCount(0);

  // Offline: the fourth mark waits in the browser and says so.
  await page.context().setOffline(true);
  await row(names[3]!).getByTestId('attendance-present').click();
  await expect(row(names[3]!).getByTestId('attendance-present')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(root.getByTestId('attendance-waiting')).toContainText(
    textWith('mfe_provider', 'nl', 'attendance.waiting_one', { count: 1 }),
  );
  await expect(root.getByTestId('attendance-queue')).toContainText(
    text('mfe_provider', 'nl', 'attendance.offline'),
  );
  const stored = await page.evaluate(
    (key) => localStorage.getItem(key),
    `nsa.attendance.queue.${activityId}`,
  );
  expect(JSON.parse(stored ?? '[]')).toHaveLength(1);
  // Nothing has reached the server yet.
  const before = await request.get(`/api/admin/activities/${activityId}/attendance`);
  const today = todayInAmsterdam();
  const marksOf = (body: {
    sessions: { date: string; records: { present: boolean | null }[] }[];
  }) => body.sessions.find((s) => s.date === today)!.records.filter((r) => r.present !== null);
  expect(marksOf(await before.json())).toHaveLength(3);

  // Back online: the mark is sent, the queue empties.
  await page.context().setOffline(false);
  await expect(root.getByTestId('attendance-waiting')).toHaveCount(0, { timeout: 15_000 });
  expect(
    await page.evaluate((key) => localStorage.getItem(key), `nsa.attendance.queue.${activityId}`),
  ).toBeNull();

  // The admin's grid shows all four, reached from the activities screen.
  await loginAsAdmin(page.request, stack);
  await page.goto('/admin/activities');
  // The attendance grid is one of the row menu's items (R-ADMIN-ACTIVITIES-FILTER).
  const activityRow = page.locator(
    `[data-testid="activity-row"][data-activity-id="${activityId}"]`,
  );
  await activityRow.getByTestId('activity-menu').click();
  await activityRow
    .getByRole('menuitem', {
      name: text('mfe_admin', 'nl', 'attendance.link'),
      exact: true,
    })
    .click();
  const grid = remoteRoot(page, 'mfe_admin', 'admin-activity-attendance');
  await expect(grid.getByRole('heading', { level: 1 })).toHaveText(
    textWith('mfe_admin', 'nl', 'attendance.title', { title: `Judo ${tag}` }),
  );
  const gridRow = (name: string) => grid.getByTestId('attendance-row').filter({ hasText: name });
  await expect(grid.getByTestId('attendance-row')).toHaveCount(5);
  await expect(gridRow(names[0]!).locator('td[data-mark="present"]')).toHaveCount(1);
  await expect(gridRow(names[1]!).locator('td[data-mark="absent"]')).toHaveCount(1);
  await expect(gridRow(names[2]!).locator('td[data-mark="present"]')).toHaveCount(1);
  await expect(gridRow(names[3]!).locator('td[data-mark="present"]')).toHaveCount(1);
  await expect(gridRow(names[4]!).locator('td[data-mark="open"]')).toHaveCount(
    catalog.block.weekEnd - catalog.block.weekStart + 1,
  );
  // Today's column holds the four marks.
  const after = await request.get(`/api/admin/activities/${activityId}/attendance`);
  expect(marksOf(await after.json())).toHaveLength(4);
});

async function noSidewaysScrollNorAxeViolations(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `${screen} does not scroll sideways`).toBeLessThanOrEqual(widths.client);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe-core violations on ${screen}`).toEqual([]);
}

test('the attendance view and the admin grid at 390 and 1366 px, in Dutch and English: no sideways scroll, no axe-core violations', async ({
  page,
  request,
  stack,
}) => {
  await loginAsAdmin(request, stack);
  const tag = unique();
  const weekday = new Date(`${todayInAmsterdam()}T12:00:00Z`).getUTCDay();
  const catalog = await createCatalog(request, tag, [
    { title: `Zwemmen met een lange titel ${tag}`, weekday, startTime: '15:00' },
  ]);
  const activityId = catalog.activities[0]!.id;
  const names = await approvedChildren(request, catalog, tag);
  const { url } = await apiPost<GeneratedProviderLink>(
    request,
    `/api/admin/activities/${activityId}/provider-token/generate`,
  );
  const link = new URL(url);
  const query = `?token=${encodeURIComponent(link.searchParams.get('token')!)}`;
  const today = todayInAmsterdam();
  await request.put(`/api/provider/${activityId}/attendance/${today}${query}`, {
    data: {
      key: (await (await request.get(`/api/provider/${activityId}/participants${query}`)).json())
        .participants[0].key,
      present: true,
    },
  });
  await loginAsAdmin(page.request, stack);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    for (const lng of ['nl', 'en'] as const) {
      await page.goto(`${link.pathname}${query}&view=attendance&lng=${lng}`);
      const root = remoteRoot(page, 'mfe_provider', 'provider-attendance');
      await expect(root.getByTestId('provider-tab-attendance')).toHaveText(
        text('mfe_provider', lng, 'attendance.tab'),
      );
      await expect(root.getByTestId('attendance-child')).toHaveCount(names.length);
      await expect(
        root.getByTestId('attendance-child').first().getByTestId('attendance-present'),
      ).toHaveAttribute('aria-pressed', 'true');
      await noSidewaysScrollNorAxeViolations(page, `provider attendance ${width} ${lng}`);

      await page.goto(`/admin/activities/${activityId}/attendance?lng=${lng}`);
      const grid = remoteRoot(page, 'mfe_admin', 'admin-activity-attendance');
      await expect(grid.getByTestId('attendance-row')).toHaveCount(names.length);
      await expect(grid.getByTestId('attendance-export')).toHaveText(
        text('mfe_admin', lng, 'attendance.export'),
      );
      await noSidewaysScrollNorAxeViolations(page, `admin attendance ${width} ${lng}`);
    }
  }
});
