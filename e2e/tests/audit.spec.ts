// The audit log across the services (R-AUDIT-STORE, R-AUDIT-LIST, R-AUDIT-APPEND-ONLY,
// R-AUDIT-SCREEN): an approval in svc-registrations and a school made in svc-catalog reach
// svc-identity's store and GET /api/admin/audit through the gateway with the admin who did them;
// a failed login is there without the email tried; no method changes an entry; the screen
// /admin/audit filters by keyboard, downloads the CSV, and at 390 and 1366 px in nl and en
// scrolls no sideways, has no axe-core violations and is photographed.
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AuditEntry, AuditListResponse, PublicUser } from '@nsa/contracts';
import { apiGet, apiPost, birthDateForAge, createCatalog, signUp, unique } from '../lib/data.js';
import { expect, loginAsAdmin, remoteRoot, test, text } from './fixtures.js';

test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1366, height: 768 } });

/** Waits until the audit log answers an entry for the query that `pick` accepts. */
async function auditEntry(
  request: APIRequestContext,
  query: string,
  pick: (e: AuditEntry) => boolean = () => true,
): Promise<AuditEntry> {
  let found: AuditEntry | undefined;
  await expect
    .poll(
      async () => {
        const page = await apiGet<AuditListResponse>(request, `/api/admin/audit?${query}`);
        found = page.data.find(pick);
        return !!found;
      },
      { message: `an audit entry for ${query}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** A sign-up of its own, approved by the admin; answers its id and school. */
async function approveOne(request: APIRequestContext, tag: string) {
  const catalog = await createCatalog(request, `Audit ${tag}`, [
    { title: `Logboek ${tag}`, capacity: 3 },
  ]);
  const signup = await signUp(request, catalog.school.accessToken, {
    activityId: catalog.activities[0]!.id,
    childFirstName: 'Lotte',
    childLastName: `Logboek ${tag}`,
    childDateOfBirth: birthDateForAge(8),
    childGroup: 'groep5',
    parentName: `Ouder ${tag}`,
    email: `ouder-${tag}@example.nl`,
    phone: '0612345678',
  });
  await apiPost(request, `/api/admin/registrations/${signup.id}/approve`, { sendEmail: false });
  return { id: signup.id, catalog };
}

async function noSidewaysScroll(page: Page, what: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `${what}: no sideways scroll`).toBeLessThanOrEqual(widths.client);
}

test.describe('audit log', () => {
  let admin: PublicUser;

  test.beforeEach(async ({ page, request, stack }) => {
    await loginAsAdmin(request, stack);
    await loginAsAdmin(page.request, stack);
    admin = (await apiGet<{ user: PublicUser }>(request, '/api/auth/me')).user;
  });

  test('an approval in registrations and a school made in catalog show up in GET /api/admin/audit with the admin', async ({
    request,
    stack,
  }) => {
    const tag = unique();
    const { id, catalog } = await approveOne(request, tag);
    const signup = { id };

    const actor = { type: 'admin', id: String(admin.id), name: admin.name };
    const approved = await auditEntry(
      request,
      `action=registration.approved&targetType=registration&targetId=${signup.id}`,
    );
    expect(approved).toMatchObject({
      actor,
      target: { type: 'registration', id: String(signup.id) },
      changes: { status: { before: 'new', after: 'approved' } },
    });
    const text = JSON.stringify(approved);
    expect(text).not.toContain(`ouder-${tag}@example.nl`);
    expect(text).not.toContain('Lotte');

    const school = await auditEntry(
      request,
      `action=school.created&targetType=school&targetId=${catalog.school.id}`,
    );
    expect(school.actor).toEqual(actor);
    expect(JSON.stringify(school)).not.toContain(catalog.school.accessToken);

    // A failed login: the account by id, never the password or the email tried.
    const wrong = `Fout-${tag}`;
    const failed = await request.post('/api/auth/login', {
      data: { email: stack.admin.email, password: wrong },
      headers: { 'X-Forwarded-For': `10.77.0.${(Number.parseInt(tag, 36) % 200) + 1}` },
    });
    expect(failed.status()).toBe(401);
    const entry = await auditEntry(
      request,
      `action=login.failed&targetId=${admin.id}`,
      (e) => e.reason === 'wrong-password' && Date.now() - Date.parse(e.at) < 60_000,
    );
    const failedText = JSON.stringify(entry);
    expect(failedText).not.toContain(wrong);
    expect(failedText.toLowerCase()).not.toContain(stack.admin.email.toLowerCase());

    // No call changes or removes an entry, through the gateway either.
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const p of ['/api/admin/audit', `/api/admin/audit/${approved.id}`]) {
        const res = await request.fetch(p, { method, data: method === 'DELETE' ? undefined : {} });
        expect([404, 405], `${method} ${p}`).toContain(res.status());
      }
    }
    expect(
      await auditEntry(
        request,
        `targetType=registration&targetId=${signup.id}`,
        (e) => e.id === approved.id,
      ),
    ).toEqual(approved);
  });

  test('the Logboek screen filters by keyboard, downloads the CSV, and fits 390 and 1366 px in nl and en', async ({
    page,
    request,
  }) => {
    const t = (key: string) => text('mfe_admin', 'nl', key);
    const { id: approvedId } = await approveOne(request, unique());
    await auditEntry(request, `action=registration.approved&targetId=${approvedId}`);
    const root = remoteRoot(page, 'mfe_admin', 'admin-audit');
    // The dashboard links to it.
    await page.goto('/admin');
    await remoteRoot(page, 'mfe_admin', 'admin')
      .getByRole('link', { name: new RegExp(t('dashboard.cards.audit.title')) })
      .click();
    await expect(root.getByRole('heading', { level: 1, name: t('audit.title') })).toBeVisible();
    await expect(root.getByTestId('audit-row').first()).toBeVisible();

    // Keyboard only: choose the action, type nothing else, Enter applies.
    const action = root.getByLabel(t('audit.filters.action'));
    await action.focus();
    await action.selectOption('registration.approved');
    await root.getByLabel(t('audit.filters.targetId')).focus();
    await page.keyboard.type(String(approvedId));
    await page.keyboard.press('Enter');
    const rows = root.getByTestId('audit-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-action', 'registration.approved');
    await expect(rows.first()).toContainText(admin.name);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      root.getByTestId('audit-export').click(),
    ]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Tijdstip;Actor type;Actor id;Actor naam;Actie;Doel type;Doel id;Wijzigingen;Reden;Id',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`;registration.approved;registration;${approvedId};`);

    // Clear shows everything again.
    await root.getByTestId('audit-clear').click();
    await expect.poll(() => rows.count()).toBeGreaterThan(1);

    const dir = path.join(test.info().project.outputDir, 'screenshots');
    fs.mkdirSync(dir, { recursive: true });
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const language of ['nl', 'en'] as const) {
        await page.goto(`/admin/audit?lng=${language}`);
        await expect(
          root.getByRole('heading', {
            level: 1,
            name: text('mfe_admin', language, 'audit.title'),
          }),
        ).toBeVisible();
        await expect(root.getByTestId('audit-row').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await noSidewaysScroll(page, `/admin/audit at ${width} px in ${language}`);
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(
          violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          `axe-core at ${width} px in ${language}`,
        ).toEqual([]);
        await page.screenshot({
          path: path.join(dir, `admin-audit-${width}-${language}.png`),
          fullPage: true,
        });
      }
    }
  });
});
