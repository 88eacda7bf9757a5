// Reviewing sign-ups in the browser (R-REVIEW-SCREEN, R-PROVIDER-PAGE,
// R-REVIEW-TRANSITIONS, R-REVIEW-CLIENT-FULL, R-CSV-REGISTRATIONS, R-CSV-PROVIDER): filtering
// to a school, approve, reject with a reason and revert; the registrations CSV; approving on a
// full activity is refused before any call; the provider page through a generated link (list,
// print, CSV), and the same link after it was revoked; the page in English; the waiting list
// (R-WAITLIST-STATUSES, R-WAITLIST-ADMIN): a queued sign-up filtered, refused while full, offered
// after a revert and approved, and the activity's queue in its dialog.
import fs from 'node:fs';
import type { APIRequestContext, Dialog, Download, Locator, Page } from '@playwright/test';
import type { GeneratedProviderLink } from '@nsa/contracts';
import Papa from 'papaparse';
import {
  apiPost,
  birthDateForAge,
  createCatalog,
  registrationsOf,
  signUp,
  unique,
  type Catalog,
} from '../lib/data.js';
import { expect, loginAsAdmin, remoteRoot, test, text, textWith } from './fixtures.js';

const admin = (key: string) => text('mfe_admin', 'nl', key);
const adminWith = (key: string, values: Record<string, string | number>) =>
  textWith('mfe_admin', 'nl', key, values);

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

// The registrations file's columns (mfe-admin/src/lib/registrations-csv.ts): the file's
// format, Dutch whatever the screen language. R-CSV-REGISTRATIONS fixes their number: 14.
const REGISTRATION_CSV_HEADERS = [
  'Kind voornaam',
  'Kind achternaam',
  'Geboortedatum',
  'Leeftijd',
  'Groep',
  'Ouder',
  'E-mail',
  'Telefoon',
  'Activiteit',
  'School',
  'Blok',
  'Status',
  'Aangemeld op',
  'Reden afwijzing',
];

// The machine is shared and has two cores: each test makes its own data through the API.
test.describe.configure({ timeout: 120_000 });

interface Child {
  id: number;
  first: string;
  last: string;
  name: string;
  dateOfBirth: string;
  age: number;
}

/** Whole years between a YYYY-MM-DD birth date and today (R-CAL-AGE). */
function ageOn(dateOfBirth: string, today = new Date()): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const beforeBirthday =
    today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  return today.getFullYear() - year - (beforeBirthday ? 1 : 0);
}

/** One child signed up for `activityIndex` of the catalog, as a parent does it. */
async function signUpChild(
  request: APIRequestContext,
  catalog: Catalog,
  first: string,
  last: string,
  age: number,
  activityIndex = 0,
): Promise<Child> {
  const dateOfBirth = birthDateForAge(age);
  const created = await signUp(request, catalog.school.accessToken, {
    activityId: catalog.activities[activityIndex]!.id,
    childFirstName: first,
    childLastName: last,
    childDateOfBirth: dateOfBirth,
    childGroup: 'groep5',
    parentName: `Ouder ${last}`,
    email: `ouder-${last.replace(/\W+/g, '').toLowerCase()}@example.nl`,
    phone: '0612345678',
  });
  expect(created.status).toBe('new');
  return {
    id: created.id,
    first,
    last,
    name: `${first} ${last}`,
    dateOfBirth,
    age: ageOn(dateOfBirth),
  };
}

const approveByApi = (request: APIRequestContext, child: Child) =>
  apiPost(request, `/api/admin/registrations/${child.id}/approve`, { sendEmail: false });
const rejectByApi = (request: APIRequestContext, child: Child, reason: string) =>
  apiPost(request, `/api/admin/registrations/${child.id}/reject`, { reason, sendEmail: false });

/**
 * A child put on the waiting list of a full activity (R-WAITLIST-JOIN): the sign-up without the
 * flag is refused as full, the same one with `waitlist: true` queued.
 */
async function waitlistChild(
  request: APIRequestContext,
  catalog: Catalog,
  first: string,
  last: string,
  age: number,
): Promise<Child & { position: number | undefined }> {
  const dateOfBirth = birthDateForAge(age);
  const input = {
    activityId: catalog.activities[0]!.id,
    childFirstName: first,
    childLastName: last,
    childDateOfBirth: dateOfBirth,
    childGroup: 'groep5' as const,
    parentName: `Ouder ${last}`,
    email: `ouder-${first.toLowerCase()}-${last.replace(/\W+/g, '').toLowerCase()}@example.nl`,
    phone: '0612345678',
  };
  const refused = await request.post('/api/registrations', {
    data: input,
    headers: { 'X-School-Token': catalog.school.accessToken },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ code: 'ACTIVITY_FULL', waitlist: true });
  const created = await signUp(request, catalog.school.accessToken, { ...input, waitlist: true });
  expect(created.status).toBe('waitlisted');
  return {
    id: created.id,
    first,
    last,
    name: `${first} ${last}`,
    dateOfBirth,
    age: ageOn(dateOfBirth),
    position: created.waitlistPosition,
  };
}

/** Accepts every browser confirm() and keeps its text. */
function acceptDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

const signupsPanel = (page: Page) =>
  remoteRoot(page, 'mfe_admin', 'admin-registrations').getByTestId('signups-panel');

const rowOf = (panel: Locator, child: Child) =>
  panel.locator(`[data-testid="registration-row"][data-registration-id="${child.id}"]`);

/** The children's names the list shows, sorted. */
async function listedNames(panel: Locator): Promise<string[]> {
  const names = await panel.getByTestId('registration-row').locator('th').allTextContents();
  return names.map((n) => n.trim()).sort();
}

const sortedNames = (children: Child[]) => children.map((c) => c.name).sort();

/** A download's bytes. */
async function bytesOf(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

/** BOM checked and cut off, then parsed as the Dutch Excel reads it (';'). */
function parseCsv(bytes: Buffer): { rows: string[][]; lines: string[] } {
  expect(bytes.subarray(0, 3).equals(BOM), 'the file starts with the UTF-8 BOM').toBe(true);
  const body = bytes.subarray(3).toString('utf8');
  expect(body.startsWith('\ufeff'), 'only one BOM').toBe(false);
  const parsed = Papa.parse<string[]>(body, { delimiter: ';', skipEmptyLines: true });
  expect(parsed.errors, JSON.stringify(parsed.errors)).toEqual([]);
  const lines = body.split(/\r?\n/).filter((line) => line !== '');
  return { rows: parsed.data, lines };
}

/** A local calendar date as YYYY-MM-DD (the browser runs on this machine, in its zone). */
function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A provider link for the activity (admin API) that svc-registrations already accepts. */
async function providerLink(
  request: APIRequestContext,
  activityId: number,
): Promise<{ url: string; path: string; token: string }> {
  const { url } = await apiPost<GeneratedProviderLink>(
    request,
    `/api/admin/activities/${activityId}/provider-token/generate`,
  );
  const link = new URL(url);
  expect(link.pathname).toBe(`/provider/${activityId}`);
  const token = link.searchParams.get('token') ?? '';
  expect(token).not.toBe('');
  // svc-registrations learns of the link through an event: allow it a moment.
  await expect
    .poll(
      async () =>
        (
          await request.get(
            `/api/provider/${activityId}/participants?token=${encodeURIComponent(token)}`,
          )
        ).status(),
      { timeout: 15_000 },
    )
    .toBe(200);
  return { url, path: `${link.pathname}${link.search}`, token };
}

test.describe('sign-up review', () => {
  test.beforeEach(async ({ page, request, stack }) => {
    await loginAsAdmin(request, stack);
    await loginAsAdmin(page.request, stack);
  });

  // R-ADMIN-CONFIRM: a revert asks for a browser confirm first.
  test('filtering to a school lists only its sign-ups; approve, reject with a reason and revert (confirmed) change the status labels', async ({
    page,
    request,
  }) => {
    const tag = unique();
    const mine = await createCatalog(request, `Review ${tag}`, [
      { title: `Review A ${tag}` },
      { title: `Review B ${tag}`, weekday: 1 },
    ]);
    const other = await createCatalog(request, `Andere ${tag}`, [{ title: `Andere ${tag}` }]);
    const anna = await signUpChild(request, mine, 'Anna', `Rev ${tag}`, 8);
    const bram = await signUpChild(request, mine, 'Bram', `Rev ${tag}`, 9);
    const cato = await signUpChild(request, mine, 'Cato', `Rev ${tag}`, 10, 1);
    const daan = await signUpChild(request, other, 'Daan', `Rev ${tag}`, 8);
    const ours = [anna, bram, cato];
    const reason = `Helaas vol (${tag})`;
    const confirms = acceptDialogs(page);

    await page.goto('/admin/registrations');
    const root = remoteRoot(page, 'mfe_admin', 'admin-registrations');
    await expect(root.locator('h1')).toHaveText(admin('sections.registrations'));
    const panel = signupsPanel(page);
    // Unfiltered, newest first: the other school's sign-up is on the first page.
    await expect(rowOf(panel, daan)).toBeVisible();

    await panel
      .getByLabel(admin('registrations.filters.schoolId'), { exact: true })
      .selectOption({ label: mine.school.name });
    await expect(page).toHaveURL(new RegExp(`[?&]schoolId=${mine.school.id}(&|$)`));
    await expect(panel.getByTestId('registration-row')).toHaveCount(3);
    await expect(rowOf(panel, daan)).toHaveCount(0);
    expect(await listedNames(panel)).toEqual(sortedNames(ours));
    for (const child of ours) {
      const row = rowOf(panel, child);
      await expect(row).toContainText(mine.school.name);
      await expect(row.getByTestId('status-badge')).toHaveText(admin('registrations.status.new'));
    }

    // Approve Anna.
    const annaRow = rowOf(panel, anna);
    await annaRow
      .getByRole('button', { name: adminWith('registrations.approveOf', { name: anna.name }) })
      .click();
    const approveDialog = page.getByRole('dialog', { name: admin('registrations.approveTitle') });
    await approveDialog
      .getByRole('button', { name: admin('registrations.approve'), exact: true })
      .click();
    await expect(approveDialog).toBeHidden();
    await expect(annaRow.getByTestId('status-badge')).toHaveText('Goedgekeurd');
    await expect(annaRow).toHaveAttribute('data-status', 'approved');

    // Reject Bram with a reason.
    const bramRow = rowOf(panel, bram);
    await bramRow
      .getByRole('button', { name: adminWith('registrations.rejectOf', { name: bram.name }) })
      .click();
    const rejectDialog = page.getByRole('dialog', { name: admin('registrations.rejectTitle') });
    await rejectDialog.getByLabel(admin('registrations.reason')).fill(reason);
    await rejectDialog
      .getByRole('button', { name: admin('registrations.reject'), exact: true })
      .click();
    await expect(rejectDialog).toBeHidden();
    await expect(bramRow.getByTestId('status-badge')).toHaveText('Afgewezen');
    await expect(bramRow).toHaveAttribute('data-status', 'rejected');
    await expect(bramRow.getByTestId('rejection-reason')).toBeVisible();
    await expect(bramRow.getByTestId('rejection-reason')).toContainText(reason);

    // Revert Anna: a browser confirm, accepted; back to new.
    await annaRow
      .getByRole('button', { name: adminWith('registrations.revertOf', { name: anna.name }) })
      .click();
    await expect(annaRow.getByTestId('status-badge')).toHaveText('Nieuw');
    await expect(annaRow).toHaveAttribute('data-status', 'new');
    expect(confirms).toEqual([adminWith('registrations.confirmRevert', { name: anna.name })]);
    await expect(
      annaRow.getByRole('button', {
        name: adminWith('registrations.approveOf', { name: anna.name }),
      }),
    ).toBeVisible();

    // Still only this school's three sign-ups; the server agrees with the labels.
    await expect(panel.getByTestId('registration-row')).toHaveCount(3);
    await expect(rowOf(panel, cato).getByTestId('status-badge')).toHaveText('Nieuw');
    const stored = [
      ...(await registrationsOf(request, mine.activities[0]!.id)),
      ...(await registrationsOf(request, mine.activities[1]!.id)),
    ];
    const statusOf = (child: Child) => stored.find((r) => r.id === child.id);
    expect(statusOf(anna)).toMatchObject({ status: 'new' });
    expect(statusOf(bram)).toMatchObject({ status: 'rejected', rejectionReason: reason });
    expect(statusOf(cato)).toMatchObject({ status: 'new' });
  });

  test('the CSV export filtered to a school has a BOM, 14 columns on every line, the header and exactly its sign-ups, named aanmeldingen-{date}-school-{slug}.csv', async ({
    page,
    request,
  }) => {
    const tag = unique();
    const mine = await createCatalog(request, `Csv ${tag}`, [{ title: `Csv ${tag}` }]);
    const other = await createCatalog(request, `Csvnee ${tag}`, [{ title: `Csvnee ${tag}` }]);
    const eva = await signUpChild(request, mine, 'Eva', `Csv ${tag}`, 7);
    const finn = await signUpChild(request, mine, 'Finn', `Csv ${tag}`, 9);
    const gijs = await signUpChild(request, mine, 'Gijs', `Csv ${tag}`, 11);
    const hidde = await signUpChild(request, other, 'Hidde', `Csv ${tag}`, 8);
    await approveByApi(request, eva);
    // A reason with the separator and quotes in it still makes one cell.
    const reason = `Vol; "wachtlijst" ${tag}`;
    await rejectByApi(request, finn, reason);
    const expected = [
      [eva, 'Goedgekeurd', ''],
      [finn, 'Afgewezen', reason],
      [gijs, 'Nieuw', ''],
    ] as const;

    await page.goto('/admin/registrations');
    const panel = signupsPanel(page);
    await panel
      .getByLabel(admin('registrations.filters.schoolId'), { exact: true })
      .selectOption({ label: mine.school.name });
    await expect(panel.getByTestId('registration-row')).toHaveCount(3);

    const before = localIsoDate(new Date());
    const downloading = page.waitForEvent('download');
    await panel.getByTestId('export-csv').click();
    const download = await downloading;
    const after = localIsoDate(new Date());
    await expect(page.getByTestId('toast')).toContainText(admin('registrations.exported'));

    const slug = `e2e-school-csv-${tag}`;
    const name = download.suggestedFilename();
    expect(name).toMatch(/^aanmeldingen-\d{4}-\d{2}-\d{2}-school-[a-z0-9-]+\.csv$/);
    expect([
      `aanmeldingen-${before}-school-${slug}.csv`,
      `aanmeldingen-${after}-school-${slug}.csv`,
    ]).toContain(name);

    const { rows, lines } = parseCsv(await bytesOf(download));
    expect(lines).toHaveLength(1 + expected.length);
    expect(rows).toHaveLength(1 + expected.length);
    for (const [i, row] of rows.entries()) {
      expect(row, `line ${i + 1}: ${lines[i]}`).toHaveLength(14);
    }
    const [header, ...data] = rows as [string[], ...string[][]];
    expect(header).toEqual(REGISTRATION_CSV_HEADERS);
    const col = (column: string) => REGISTRATION_CSV_HEADERS.indexOf(column);
    const got = data
      .map((r) => [
        `${r[col('Kind voornaam')]} ${r[col('Kind achternaam')]}`,
        r[col('Status')],
        r[col('Reden afwijzing')],
        r[col('School')],
      ])
      .sort((a, b) => a[0]!.localeCompare(b[0]!));
    expect(got).toEqual(
      expected
        .map(([child, status, why]) => [child.name, status, why, mine.school.name])
        .sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    expect(data.map((r) => r[col('Kind voornaam')])).not.toContain(hidde.first);
  });

  test("approving on a full activity shows the 'Activiteit vol' toast and makes no approve call", async ({
    page,
    request,
  }) => {
    const tag = unique();
    const catalog = await createCatalog(request, `Vol ${tag}`, [
      { title: `Vol ${tag}`, capacity: 1 },
    ]);
    const ilse = await signUpChild(request, catalog, 'Ilse', `Vol ${tag}`, 8);
    const jan = await signUpChild(request, catalog, 'Jan', `Vol ${tag}`, 9);
    await approveByApi(request, ilse);
    const approveCalls: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/admin\/registrations\/\d+\/approve/.test(new URL(req.url()).pathname)) {
        approveCalls.push(`${req.method()} ${req.url()}`);
      }
    });

    await page.goto(`/admin/registrations?schoolId=${catalog.school.id}`);
    const panel = signupsPanel(page);
    await expect(panel.getByTestId('registration-row')).toHaveCount(2);
    await expect(rowOf(panel, ilse)).toHaveAttribute('data-status', 'approved');
    const janRow = rowOf(panel, jan);
    await expect(janRow).toHaveAttribute('data-status', 'new');
    await expect(janRow.getByTestId('capacity')).toHaveText('1/1');

    await janRow
      .getByRole('button', { name: adminWith('registrations.approveOf', { name: jan.name }) })
      .click();
    const toast = page.getByTestId('toast');
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    await expect(toast.locator('.toast-title')).toHaveText('Activiteit vol');
    await expect(toast.locator('.toast-description')).toHaveText(
      'Deze activiteit heeft al 1 goedgekeurde aanmeldingen. Goedkeuring zou de capaciteit overschrijden.',
    );
    await expect(
      page.getByRole('dialog', { name: admin('registrations.approveTitle') }),
    ).toHaveCount(0);
    // Give a stray call time to show up.
    await page.waitForTimeout(1_500);
    expect(approveCalls).toEqual([]);
    await expect(janRow).toHaveAttribute('data-status', 'new');
    const stored = await registrationsOf(request, catalog.activities[0]!.id);
    expect(stored.find((r) => r.id === jan.id)).toMatchObject({ status: 'new' });
  });

  test("a sign-up the server rejected as 'activity full' shows that reason in the screen's language", async ({
    page,
    request,
  }) => {
    const tag = unique();
    const catalog = await createCatalog(request, `Vol reden ${tag}`, [
      { title: `Vol reden ${tag}`, capacity: 1 },
    ]);
    const kees = await signUpChild(request, catalog, 'Kees', `Reden ${tag}`, 8);
    const lot = await signUpChild(request, catalog, 'Lot', `Reden ${tag}`, 9);
    await approveByApi(request, kees);
    // Approving past the capacity: the server rejects it and stores R-REVIEW-CAPACITY's reason.
    await approveByApi(request, lot);
    const stored = await registrationsOf(request, catalog.activities[0]!.id);
    expect(stored.find((r) => r.id === lot.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'activity full',
    });

    await page.goto(`/admin/registrations?schoolId=${catalog.school.id}`);
    let reason = rowOf(signupsPanel(page), lot).getByTestId('rejection-reason');
    await expect(reason).toHaveText(
      adminWith('registrations.reasonText', { reason: 'Activiteit vol' }),
    );

    await page.goto(`/admin/registrations?lng=en&schoolId=${catalog.school.id}`);
    reason = rowOf(signupsPanel(page), lot).getByTestId('rejection-reason');
    await expect(reason).toHaveText('Reason: Activity full');
  });

  test('the provider page through a generated link lists exactly the approved children with age and count; print and the CSV export work', async ({
    page,
    request,
  }) => {
    const tag = unique();
    const title = `Deelnemers ${tag}`;
    const catalog = await createCatalog(request, `Aanb ${tag}`, [{ title }]);
    const kees = await signUpChild(request, catalog, 'Kees', `Deel ${tag}`, 7);
    const lotte = await signUpChild(request, catalog, 'Lotte', `Deel ${tag}`, 10);
    const mila = await signUpChild(request, catalog, 'Mila', `Deel ${tag}`, 9);
    const noah = await signUpChild(request, catalog, 'Noah', `Deel ${tag}`, 8);
    await approveByApi(request, kees);
    await approveByApi(request, lotte);
    await rejectByApi(request, noah, 'Te jong');
    const approved = [kees, lotte];
    const expectedRows = approved
      .map((c) => [c.name, String(c.age)])
      .sort((a, b) => a[0]!.localeCompare(b[0]!));
    const link = await providerLink(request, catalog.activities[0]!.id);

    // window.print is stubbed before the page's scripts run, to record the call.
    await page.addInitScript(() => {
      const calls = { count: 0 };
      (window as unknown as { __printCalls: typeof calls }).__printCalls = calls;
      window.print = () => {
        calls.count += 1;
      };
    });
    // Whoever holds the link needs no session.
    await page.context().clearCookies();
    await page.goto(link.path);
    const root = remoteRoot(page, 'mfe_provider', 'provider');
    await expect(root.getByTestId('provider-activity')).toBeVisible();
    await expect(root.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(root.getByTestId('provider-school')).toHaveText(catalog.school.name);
    await expect(root.getByTestId('provider-provider')).toHaveText(catalog.provider.name);
    await expect(root.getByTestId('provider-count')).toHaveText(String(approved.length));
    const rows = root.getByTestId('provider-row');
    await expect(rows).toHaveCount(approved.length);
    const shown = [];
    for (const row of await rows.all()) {
      shown.push([
        (await row.locator('th').textContent())?.trim(),
        (await row.locator('td').textContent())?.trim(),
      ]);
    }
    expect(shown.sort((a, b) => a[0]!.localeCompare(b[0]!))).toEqual(expectedRows);
    for (const notApproved of [mila, noah]) {
      await expect(root.getByText(notApproved.name)).toHaveCount(0);
    }

    // Print: the browser's print is asked for.
    await root.getByTestId('provider-print').click();
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as unknown as { __printCalls: { count: number } }).__printCalls.count,
        ),
      )
      .toBe(1);

    // CSV export.
    const downloading = page.waitForEvent('download');
    await root.getByTestId('provider-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`deelnemers-deelnemers-${tag}.csv`);
    const { rows: csvRows, lines } = parseCsv(await bytesOf(download));
    expect(lines[0]).toBe('Naam;Leeftijd');
    expect(lines).toHaveLength(1 + approved.length);
    const [header, ...data] = csvRows as [string[], ...string[][]];
    expect(header).toEqual(['Naam', 'Leeftijd']);
    expect(data.sort((a, b) => a[0]!.localeCompare(b[0]!))).toEqual(expectedRows);

    // On paper the buttons are gone; the list stays.
    await page.emulateMedia({ media: 'print' });
    await expect(root.getByTestId('provider-print')).toBeHidden();
    await expect(root.getByTestId('provider-export')).toBeHidden();
    await expect(rows.first()).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await expect(root.getByTestId('provider-print')).toBeVisible();
  });

  test("after the provider link is revoked, the same link shows 'Toegang geweigerd'", async ({
    page,
    request,
  }) => {
    const tag = unique();
    const title = `Ingetrokken ${tag}`;
    const catalog = await createCatalog(request, `Intr ${tag}`, [{ title }]);
    const olaf = await signUpChild(request, catalog, 'Olaf', `Intr ${tag}`, 8);
    await approveByApi(request, olaf);
    const activityId = catalog.activities[0]!.id;
    const link = await providerLink(request, activityId);

    await page.context().clearCookies();
    await page.goto(link.path);
    const root = remoteRoot(page, 'mfe_provider', 'provider');
    await expect(root.getByTestId('provider-row')).toHaveText([`${olaf.name}${olaf.age}`]);

    await apiPost(request, `/api/admin/activities/${activityId}/provider-token/revoke`);
    // A revocation holds on the next request: the very next load is refused.
    await page.goto(link.path);
    await expect(root.getByTestId('provider-error')).toBeVisible();
    await expect(root.getByTestId('provider-error').getByRole('heading')).toHaveText(
      'Toegang geweigerd',
    );
    await expect(root.getByTestId('provider-error-message')).not.toBeEmpty();
    await expect(root.getByTestId('provider-row')).toHaveCount(0);
    await expect(root.getByText(olaf.name)).toHaveCount(0);
  });

  test("a full activity's waiting list: filtered on waitlisted it shows 'Wachtlijst #1', approving it is refused while full, after a revert it is offered and approved; the activities tab lists the queue", async ({
    page,
    request,
  }) => {
    const tag = unique();
    const title = `Wachtlijst ${tag}`;
    const catalog = await createCatalog(request, `Wacht ${tag}`, [{ title, capacity: 1 }]);
    const activityId = catalog.activities[0]!.id;
    const sara = await signUpChild(request, catalog, 'Sara', `Wacht ${tag}`, 8);
    await approveByApi(request, sara);
    const tim = await waitlistChild(request, catalog, 'Tim', `Wacht ${tag}`, 9);
    expect(tim.position).toBe(1);
    const approveCalls: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/admin\/registrations\/\d+\/approve/.test(new URL(req.url()).pathname)) {
        approveCalls.push(`${req.method()} ${req.url()}`);
      }
    });

    await page.goto(`/admin/registrations?schoolId=${catalog.school.id}`);
    const panel = signupsPanel(page);
    await expect(panel.getByTestId('registration-row')).toHaveCount(2);
    await panel
      .getByLabel(admin('registrations.filters.status'), { exact: true })
      .selectOption({ label: admin('registrations.status.waitlisted') });
    await expect(page).toHaveURL(/[?&]status=waitlisted(&|$)/);
    await expect(panel.getByTestId('registration-row')).toHaveCount(1);
    const timRow = rowOf(panel, tim);
    await expect(timRow).toHaveAttribute('data-status', 'waitlisted');
    await expect(timRow.getByTestId('status-badge')).toHaveText('Wachtlijst #1');
    await expect(timRow.getByTestId('capacity')).toHaveText('1/1');

    // Approve straight from the waiting list: refused in the screen while the activity is full.
    await timRow
      .getByRole('button', { name: adminWith('registrations.approveOf', { name: tim.name }) })
      .click();
    const toast = page.getByTestId('toast');
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    await expect(toast.locator('.toast-title')).toHaveText('Activiteit vol');
    await expect(
      page.getByRole('dialog', { name: admin('registrations.approveTitle') }),
    ).toHaveCount(0);
    await page.waitForTimeout(1_000);
    expect(approveCalls).toEqual([]);
    await expect(timRow).toHaveAttribute('data-status', 'waitlisted');

    // The activities tab: places taken, the queue's length and the queue itself.
    const root = remoteRoot(page, 'mfe_admin', 'admin-registrations');
    await root.getByRole('tab', { name: admin('registrations.tabs.activities') }).click();
    const overviewRow = root.locator(
      `[data-testid="overview-row"][data-activity-id="${activityId}"]`,
    );
    await expect(overviewRow.getByTestId('capacity')).toHaveText('1/1');
    await expect(overviewRow.getByTestId('waitlist-count')).toHaveAttribute('data-count', '1');
    await overviewRow
      .getByRole('button', { name: adminWith('registrations.overview.waitlistOf', { title }) })
      .click();
    const queue = page.getByRole('dialog', {
      name: adminWith('registrations.waitlist.title', { title }),
    });
    await expect(queue.getByTestId('waitlist-row')).toHaveCount(1);
    await expect(queue.getByTestId('waitlist-row')).toContainText(tim.name);
    await expect(queue.getByTestId('waitlist-row')).toContainText(`Ouder Wacht ${tag}`);
    await expect(queue.getByTestId('waitlist-row').getByTestId('status-badge')).toHaveText(
      'Wachtlijst #1',
    );
    await queue.getByRole('button', { name: admin('common.closeDialog'), exact: true }).click();
    await expect(queue).toBeHidden();

    // In English the badge names the place in line too.
    await page.goto(`/admin/registrations?lng=en&schoolId=${catalog.school.id}&status=waitlisted`);
    await expect(rowOf(signupsPanel(page), tim).getByTestId('status-badge')).toHaveText(
      'Waiting list #1',
    );

    // Sara's approval reverted: her place is offered to Tim, with a deadline.
    await apiPost(request, `/api/admin/registrations/${sara.id}/revert`);
    await expect
      .poll(
        async () =>
          (await registrationsOf(request, activityId)).find((r) => r.id === tim.id)?.status,
      )
      .toBe('offered');
    // Back in Dutch: the language chosen last is remembered.
    await page.goto(`/admin/registrations?lng=nl&schoolId=${catalog.school.id}&status=offered`);
    const offeredPanel = signupsPanel(page);
    const offeredRow = rowOf(offeredPanel, tim);
    await expect(offeredRow).toHaveAttribute('data-status', 'offered');
    await expect(offeredRow.getByTestId('status-badge')).toHaveText(
      /^Aangeboden tot .*\d{1,2}:\d{2}$/,
    );
    // The held place counts as taken, and is not in the way of approving its holder.
    await expect(offeredRow.getByTestId('capacity')).toHaveText('1/1');
    await offeredRow
      .getByRole('button', { name: adminWith('registrations.approveOf', { name: tim.name }) })
      .click();
    const approveDialog = page.getByRole('dialog', { name: admin('registrations.approveTitle') });
    await approveDialog.getByRole('checkbox').uncheck();
    await approveDialog
      .getByRole('button', { name: admin('registrations.approve'), exact: true })
      .click();
    await expect(approveDialog).toBeHidden();
    await expect(
      page.getByTestId('toast').filter({ hasText: admin('registrations.done.approved') }),
    ).toBeVisible();
    // Filtered on offered, the approved sign-up leaves the list.
    await expect(offeredRow).toHaveCount(0);
    const stored = await registrationsOf(request, activityId);
    expect(stored.find((r) => r.id === tim.id)).toMatchObject({ status: 'approved' });
    expect(stored.find((r) => r.id === sara.id)).toMatchObject({ status: 'new' });
  });

  test("in English (?lng=en) the page is titled 'Manage Sign-ups' with the status labels New, Approved, Rejected", async ({
    page,
    request,
  }) => {
    const tag = unique();
    const catalog = await createCatalog(request, `Engels ${tag}`, [{ title: `Engels ${tag}` }]);
    const pim = await signUpChild(request, catalog, 'Pim', `En ${tag}`, 8);
    const quinn = await signUpChild(request, catalog, 'Quinn', `En ${tag}`, 9);
    const roos = await signUpChild(request, catalog, 'Roos', `En ${tag}`, 10);
    await approveByApi(request, quinn);
    await rejectByApi(request, roos, 'Too young');

    await page.goto(`/admin/registrations?lng=en&schoolId=${catalog.school.id}`);
    const root = remoteRoot(page, 'mfe_admin', 'admin-registrations');
    await expect(root.locator('h1')).toHaveText('Manage Sign-ups');
    const panel = signupsPanel(page);
    await expect(panel.getByTestId('registration-row')).toHaveCount(3);
    await expect(rowOf(panel, pim).getByTestId('status-badge')).toHaveText('New');
    await expect(rowOf(panel, quinn).getByTestId('status-badge')).toHaveText('Approved');
    await expect(rowOf(panel, roos).getByTestId('status-badge')).toHaveText('Rejected');
    await expect(
      panel
        .getByLabel(text('mfe_admin', 'en', 'registrations.filters.status'), { exact: true })
        .locator('option'),
    ).toHaveText([/./, 'New', 'Approved', 'Rejected', 'Waiting list', 'Offered', 'Withdrawn']);
  });
});
