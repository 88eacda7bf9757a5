// The waiting list and the parent's own link, on a phone (390×844): a full activity's card
// offers the waiting list (R-WAITLIST-JOIN), the confirmation email carries the parent's link
// (R-EMAIL-WAITLIST, R-MY-SIGNUP-LINK), a freed place is offered and accepted there
// (R-WAITLIST-OFFER), the calendar file downloads, and removing the data ends the link
// (R-ERASE). The token travels only in the X-Manage-Token header (R-MY-SIGNUP-LINK), and opening
// the link changes nothing. Screenshots of the pages land in test-results/screenshots/.
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page, Request } from '@playwright/test';
import type { ActivityView, School } from '@nsa/contracts';
import {
  apiPost,
  birthDateForAge,
  createCatalog,
  registrationsOf,
  signUp,
  unique,
} from '../lib/data.js';
import { mySignupLinkFrom, waitForEmail } from '../lib/mail.js';
import {
  expect,
  isolated,
  loginAsAdmin,
  remoteRoot,
  test,
  text,
  textWith,
  watchRequests,
  apiCallsOf,
  type Language,
} from './fixtures.js';

const pub = (key: string, language: Language = 'nl') => text('mfe_public', language, key);
const pubWith = (key: string, values: Record<string, string | number>, language: Language = 'nl') =>
  textWith('mfe_public', language, key, values);

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
test.use(PHONE);

/**
 * Saved under the run's output folder (test-results/ unless --output says otherwise): the whole
 * page, or only the screen while a dialog is open (it stays where the screen is).
 */
async function screenshot(page: Page, name: string, fullPage = true) {
  const dir = path.join(test.info().project.outputDir, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

async function expectNoAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe-core violations on ${what}`).toEqual([]);
}

const card = (page: Page, title: string) =>
  remoteRoot(page, 'mfe_public', 'school').getByRole('article', { name: title, exact: true });

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fieldLabel = (label: string) => new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`);

interface Child {
  childFirstName: string;
  childLastName: string;
  childDateOfBirth: string;
  childGroup: 'groep5';
  parentName: string;
  email: string;
  phone: string;
}

function child(first: string, tag: string): Child {
  return {
    childFirstName: first,
    childLastName: `Wachtlijst ${tag}`,
    childDateOfBirth: birthDateForAge(8),
    childGroup: 'groep5',
    parentName: `Ouder van ${first} ${tag}`,
    email: `${first.toLowerCase()}-${tag}@example.nl`,
    phone: '0612345678',
  };
}

const fullName = (c: Child) => `${c.childFirstName} ${c.childLastName}`;

/** Fills the sign-up dialog as a parent does. */
async function fillIn(dialog: Locator, c: Child) {
  await dialog.getByLabel(fieldLabel(pub('registration.childFirstName'))).fill(c.childFirstName);
  await dialog.getByLabel(fieldLabel(pub('registration.childLastName'))).fill(c.childLastName);
  await dialog
    .getByLabel(fieldLabel(pub('registration.childDateOfBirth')))
    .fill(c.childDateOfBirth);
  await dialog
    .getByLabel(fieldLabel(pub('registration.childGroup')))
    .selectOption({ label: pubWith('registration.group', { number: 5 }) });
  await dialog.getByLabel(fieldLabel(pub('registration.parentName'))).fill(c.parentName);
  await dialog.getByLabel(fieldLabel(pub('registration.email'))).fill(c.email);
  await dialog.getByLabel(fieldLabel(pub('registration.phone'))).fill(c.phone);
}

/** The activity as the school page gets it. */
async function publicActivity(
  request: APIRequestContext,
  school: School,
  activityId: number,
): Promise<ActivityView | undefined> {
  const res = await request.get(`/api/activities?schoolId=${school.id}`, {
    headers: { 'X-School-Token': school.accessToken },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as ActivityView[]).find((a) => a.id === activityId);
}

/** An activity of capacity 1 whose one place is taken: a sign-up approved through the API. */
async function fullActivity(request: APIRequestContext, tag: string) {
  const title = `Wachtlijst ${tag}`;
  const catalog = await createCatalog(request, tag, [{ title, capacity: 1 }]);
  const activity = catalog.activities[0]!;
  const first = await signUp(request, catalog.school.accessToken, {
    activityId: activity.id,
    ...child('Ilse', tag),
  });
  await apiPost(request, `/api/admin/registrations/${first.id}/approve`, { sendEmail: false });
  // The catalog learns the count from an event.
  await expect
    .poll(
      async () => (await publicActivity(request, catalog.school, activity.id))?.availablePlaces,
      {
        timeout: 15_000,
      },
    )
    .toBe(0);
  return { catalog, activity, title, approvedId: first.id };
}

/** Every request the page makes: path with query string, method and the token header. */
function watchCalls(page: Page) {
  const calls: { method: string; url: string; pathname: string; manageToken?: string }[] = [];
  page.on('request', (req: Request) => {
    const url = new URL(req.url());
    calls.push({
      method: req.method(),
      // What a server (or a log) could see of the address: never the fragment.
      url: `${url.pathname}${url.search}`,
      pathname: url.pathname,
      manageToken: req.headers()['x-manage-token'],
    });
  });
  return calls;
}

const mySignupRoot = (page: Page) => remoteRoot(page, 'mfe_public', 'my-signup');

test('a parent joins the waiting list of a full activity, accepts the offered place through the emailed link, downloads the calendar and removes the data', async ({
  page,
  browser,
  request,
  stack,
}) => {
  // Two emails through NATS and svc-notify, and the catalog's counts through events.
  test.setTimeout(240_000);
  await loginAsAdmin(request, stack);
  const tag = unique();
  const { catalog, activity, title, approvedId } = await fullActivity(request, tag);
  const noor = child('Noor', tag);

  // (a) The full card offers the waiting list; the dialog says it is the waiting list.
  await test.step('join the waiting list from the school page', async () => {
    await page.goto(`/schools/${catalog.school.accessToken}`);
    const full = card(page, title);
    await expect(full).toContainText(pub('activity.full'));
    await expect(full).toContainText(pub('activity.fullNote'));
    await screenshot(page, 'school-full-card-nl');
    await full.getByRole('button', { name: pub('activity.joinWaitlist') }).click();

    const dialog = page.getByRole('dialog', { name: pub('registration.waitlistTitle') });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(pub('registration.waitlistIntro'));
    await fillIn(dialog, noor);
    await dialog
      .getByRole('button', { name: pub('registration.waitlistSubmit'), exact: true })
      .click();
    const success = dialog.getByRole('status');
    await expect(success).toContainText(pub('registration.waitlistSuccessTitle'));
    await expect(success).toContainText(
      pubWith('registration.waitlistSuccessText', { name: isolated(fullName(noor)), position: 1 }),
    );
    await expect(success).toContainText(pub('registration.confirmationEmail'));
    await success.getByRole('button', { name: pub('registration.close'), exact: true }).click();
    await expect(dialog).toBeHidden();

    const stored = (await registrationsOf(request, activity.id)).find(
      (r) => r.email === noor.email,
    );
    expect(stored).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
  });

  await test.step('the full card in English', async () => {
    const en = await browser.newPage({ ...PHONE, baseURL: stack.baseURL, locale: 'en-US' });
    await en.goto(`/schools/${catalog.school.accessToken}?lng=en`);
    await expect(card(en, title)).toContainText(pub('activity.fullNote', 'en'));
    await expect(
      card(en, title).getByRole('button', { name: pub('activity.joinWaitlist', 'en') }),
    ).toBeVisible();
    await screenshot(en, 'school-full-card-en');
    await en.close();
  });

  // (b) The confirmation email's link shows the place in line, and opening it changes nothing.
  const confirmation = await waitForEmail(stack, {
    to: noor.email,
    where: (email) => /\/my-signup#/.test(`${email.text ?? ''}${email.html ?? ''}`),
  });
  const confirmationLink = mySignupLinkFrom(confirmation);
  expect(confirmationLink.startsWith(`${stack.baseURL}/my-signup#`)).toBe(true);
  const confirmationToken = confirmationLink.split('#')[1]!;

  const calls = watchCalls(page);
  await test.step('open the link of the confirmation email', async () => {
    await page.goto(confirmationLink);
    const status = mySignupRoot(page).getByTestId('signup-status');
    await expect(status).toHaveAttribute('data-status', 'waitlisted');
    await expect(status.getByRole('heading')).toHaveText(
      pubWith('mySignup.status.waitlisted.title', { position: 1 }),
    );
    await expect(mySignupRoot(page)).toContainText(fullName(noor));
    await expect(mySignupRoot(page)).toContainText(title);
    await expect(mySignupRoot(page)).toContainText(catalog.school.name);
    await expect(mySignupRoot(page)).toContainText(catalog.provider.name);
    await expect(
      mySignupRoot(page).getByRole('button', { name: pub('mySignup.withdraw') }),
    ).toBeVisible();
  });

  // (c) A place frees: the approved sign-up is reverted, so the first in line gets an offer.
  await apiPost(request, `/api/admin/registrations/${approvedId}/revert`);
  const offer = await waitForEmail(stack, {
    to: noor.email,
    where: (email) =>
      email.id !== confirmation.id && /\/my-signup#/.test(`${email.text ?? ''}${email.html ?? ''}`),
  });
  const offerLink = mySignupLinkFrom(offer);
  const offerToken = offerLink.split('#')[1]!;

  await test.step('open the offer email’s link: the offer, phone screenshots in nl and en', async () => {
    // As a new tab would: the page has the confirmation's link open, maybe with the same token.
    await page.goto('about:blank');
    await page.goto(offerLink);
    const status = mySignupRoot(page).getByTestId('signup-status');
    await expect(status).toHaveAttribute('data-status', 'offered');
    await expect(status.getByRole('heading')).toHaveText(pub('mySignup.status.offered.title'));
    await expect(status.getByRole('button', { name: pub('mySignup.accept') })).toBeVisible();
    await screenshot(page, 'my-signup-offered-nl');
    await expectNoAxeViolations(page, 'the offered sign-up');

    const en = await browser.newPage({ ...PHONE, baseURL: stack.baseURL, locale: 'en-US' });
    await en.goto(`/my-signup?lng=en#${offerToken}`);
    const enStatus = mySignupRoot(en).getByTestId('signup-status');
    await expect(enStatus.getByRole('heading')).toHaveText(
      pub('mySignup.status.offered.title', 'en'),
    );
    await screenshot(en, 'my-signup-offered-en');
    await en.close();
  });

  await test.step('decline asks first, by keyboard; Escape keeps the offer', async () => {
    const decline = mySignupRoot(page).getByRole('button', { name: pub('mySignup.decline') });
    await decline.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: pub('mySignup.confirmDecline.title') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: pub('mySignup.back') })).toBeFocused();
    await expectNoAxeViolations(page, 'the decline question');
    await screenshot(page, 'my-signup-decline-question-nl', false);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(decline).toBeFocused();
  });

  // Nothing so far changed anything: opening the links only read.
  expect(calls.filter((c) => c.method !== 'GET' && c.pathname.startsWith('/api/'))).toEqual([]);

  await test.step('accept the place', async () => {
    await mySignupRoot(page)
      .getByRole('button', { name: pub('mySignup.accept') })
      .click();
    const status = mySignupRoot(page).getByTestId('signup-status');
    await expect(status).toHaveAttribute('data-status', 'approved');
    await expect(status.getByRole('heading')).toHaveText(pub('mySignup.status.approved.title'));
    await expect(status.getByRole('heading')).toBeFocused();
    const stored = (await registrationsOf(request, activity.id)).find(
      (r) => r.email === noor.email,
    );
    expect(stored?.status).toBe('approved');
  });

  // (d) The calendar file of the confirmed place.
  await test.step('download the calendar', async () => {
    const downloading = page.waitForEvent('download');
    await mySignupRoot(page)
      .getByRole('button', { name: pub('mySignup.calendar') })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const content = fs.readFileSync(await download.path(), 'utf8');
    expect(content.replace(/^\uFEFF/, '').startsWith('BEGIN:VCALENDAR')).toBe(true);
  });

  // (e) Removing the data, after a question that says what happens; the link then stops working.
  await test.step('remove my data', async () => {
    await mySignupRoot(page)
      .getByRole('button', { name: pub('mySignup.erase') })
      .click();
    const dialog = page.getByRole('dialog', { name: pub('mySignup.confirmErase.title') });
    await expect(dialog).toContainText(pub('mySignup.confirmErase.active'));
    await expect(dialog).toContainText(pub('mySignup.confirmErase.final'));
    await dialog.getByRole('button', { name: pub('mySignup.confirmErase.confirm') }).click();
    await expect(dialog).toBeHidden();
    await expect(mySignupRoot(page).locator('h1')).toHaveText(pub('mySignup.erasedTitle'));

    await page.reload();
    await expect(mySignupRoot(page).locator('h1')).toHaveText(pub('mySignup.invalidTitle'));
    await expect(mySignupRoot(page).locator('[data-state="invalid-link"]')).toContainText(
      pub('mySignup.invalidText'),
    );
    await page.goto(confirmationLink);
    await expect(mySignupRoot(page).locator('h1')).toHaveText(pub('mySignup.invalidTitle'));
  });

  // R-MY-SIGNUP-LINK: the tokens were only ever sent in the header, never in an address.
  const apiCalls = calls.filter((c) => c.pathname.startsWith('/api/my-signup'));
  expect(apiCalls.length).toBeGreaterThan(0);
  for (const call of calls) {
    expect(call.url).not.toContain(confirmationToken);
    expect(call.url).not.toContain(offerToken);
  }
  for (const call of apiCalls) {
    expect([confirmationToken, offerToken]).toContain(call.manageToken);
  }
});

test('the sign-up dialog offers the waiting list, keeping what was typed, when the activity became full meanwhile', async ({
  page,
  request,
  stack,
}) => {
  await loginAsAdmin(request, stack);
  const tag = unique();
  const title = `Net vol ${tag}`;
  const catalog = await createCatalog(request, tag, [{ title, capacity: 1 }]);
  const activity = catalog.activities[0]!;
  const lot = child('Lot', tag);

  await page.goto(`/schools/${catalog.school.accessToken}`);
  await card(page, title)
    .getByRole('button', { name: pub('activity.signUp') })
    .click();
  const dialog = page.getByRole('dialog', { name: pub('registration.title') });
  await expect(dialog).toBeVisible();
  await fillIn(dialog, lot);

  // Meanwhile another child takes the one place.
  const other = await signUp(request, catalog.school.accessToken, {
    activityId: activity.id,
    ...child('Kees', tag),
  });
  await apiPost(request, `/api/admin/registrations/${other.id}/approve`, { sendEmail: false });

  await dialog.getByRole('button', { name: pub('registration.submit'), exact: true }).click();
  const waitlistDialog = page.getByRole('dialog', { name: pub('registration.waitlistTitle') });
  await expect(
    waitlistDialog.getByRole('heading', { name: pub('registration.fullOfferTitle') }),
  ).toBeVisible();
  await expect(waitlistDialog).toContainText(pub('registration.fullOfferText'));
  await screenshot(page, 'school-dialog-became-full-nl', false);
  await expect(
    waitlistDialog.getByLabel(fieldLabel(pub('registration.childFirstName'))),
  ).toHaveValue(lot.childFirstName);
  await expect(waitlistDialog.getByLabel(fieldLabel(pub('registration.email')))).toHaveValue(
    lot.email,
  );
  expect((await registrationsOf(request, activity.id)).map((r) => r.email)).not.toContain(
    lot.email,
  );

  await waitlistDialog
    .getByRole('button', { name: pub('registration.waitlistSubmit'), exact: true })
    .click();
  await expect(waitlistDialog.getByRole('status')).toContainText(
    pubWith('registration.waitlistSuccessText', { name: isolated(fullName(lot)), position: 1 }),
  );
  const stored = (await registrationsOf(request, activity.id)).find((r) => r.email === lot.email);
  expect(stored).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
});

test('a link without a token says it does not work without asking the server; so does an unknown one', async ({
  page,
}) => {
  const requests = watchRequests(page);
  await page.goto('/my-signup');
  const root = mySignupRoot(page);
  await expect(root.locator('h1')).toHaveText(pub('mySignup.invalidTitle'));
  await expect(root.locator('[data-state="invalid-link"]')).toContainText(
    pub('mySignup.invalidText'),
  );
  await page.waitForLoadState('networkidle');
  expect(apiCallsOf(requests)).toEqual([]);
  await expectNoAxeViolations(page, 'the invalid-link page');

  await page.goto(`/my-signup?lng=en#${'x'.repeat(43)}`);
  await expect(root.locator('h1')).toHaveText(pub('mySignup.invalidTitle', 'en'));
  expect(requests).toContain('/api/my-signup');
});
