// Sign-up windows and the draw of a lottery block, as parents and an admin meet them
// (R-DRAW-WINDOW, R-DRAW-COMMIT, R-DRAW-PREVIEW, R-DRAW-PUBLISH, R-DRAW-RULES): the admin gives a
// block a lottery window on the blocks screen; three parents sign up on the school page for an
// activity of one place, all accepted; the page closes the sign-up by itself when the window
// ends; the admin previews and publishes the draw on its screen; each parent gets the right
// email; the school page shows the result, the seed (whose SHA-256 is the hash shown before) and
// the way to /loting. Also: a window that has not opened, a lottery window on a full activity,
// a sign-up refused in the dialog after its window closed, and /loting itself. Screenshots of
// the pages (phone and 1366 px, nl and en) land in <output>/screenshots/.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import type { ActivityView, Block, School } from '@nsa/contracts';
import {
  apiPost,
  birthDateForAge,
  createActivity,
  createCatalog,
  createProvider,
  createSchool,
  registrationsOf,
  signUp,
  unique,
} from '../lib/data.js';
import { findEmails, waitForEmail, type CaughtEmail } from '../lib/mail.js';
import {
  expect,
  loginAsAdmin,
  remoteRoot,
  test,
  text,
  textWith,
  type Language,
} from './fixtures.js';

const pub = (key: string, language: Language = 'nl') => text('mfe_public', language, key);
const admin = (key: string) => text('mfe_admin', 'nl', key);

/** Parents and the admin read the school's clock, whatever the machine's is. */
const TIME_ZONE = 'Europe/Amsterdam';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const LAPTOP = { viewport: { width: 1366, height: 768 } } as const;
const SIZES = { phone: PHONE, '1366': LAPTOP } as const;
type Size = keyof typeof SIZES;

test.use({ ...LAPTOP, timezoneId: TIME_ZONE });

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

/** A page of its own context at a size, on the school's clock; `close(page)` ends both. */
async function pageAt(browser: Browser, baseURL: string, size: Size): Promise<Page> {
  const context = await browser.newContext({
    ...SIZES[size],
    baseURL,
    locale: 'en-US',
    timezoneId: TIME_ZONE,
  });
  return context.newPage();
}

const close = (page: Page) => page.context().close();

const withLanguage = (url: string, language: Language) =>
  language === 'nl' ? url : `${url}${url.includes('?') ? '&' : '?'}lng=${language}`;

const schoolRoot = (page: Page) => remoteRoot(page, 'mfe_public', 'school');
const card = (page: Page, title: string) =>
  schoolRoot(page).getByRole('article', { name: title, exact: true });
/** The card's <li>, which carries the window's state in data-window. */
const cardItem = (page: Page, title: string) =>
  schoolRoot(page)
    .locator('li.pub-activity-card')
    .filter({ has: page.getByRole('article', { name: title, exact: true }) });

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
    childLastName: `Loting ${tag}`,
    childDateOfBirth: birthDateForAge(8),
    childGroup: 'groep5',
    parentName: `Ouder van ${first} ${tag}`,
    email: `${first.toLowerCase()}-${tag}@example.nl`,
    phone: '0612345678',
  };
}

async function fillIn(dialog: Locator, c: Child) {
  await dialog.getByLabel(fieldLabel(pub('registration.childFirstName'))).fill(c.childFirstName);
  await dialog.getByLabel(fieldLabel(pub('registration.childLastName'))).fill(c.childLastName);
  await dialog
    .getByLabel(fieldLabel(pub('registration.childDateOfBirth')))
    .fill(c.childDateOfBirth);
  await dialog
    .getByLabel(fieldLabel(pub('registration.childGroup')))
    .selectOption({ label: textWith('mfe_public', 'nl', 'registration.group', { number: 5 }) });
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

/** The activity once the catalog has learnt its block's commitment (an event away). */
async function committedActivity(
  request: APIRequestContext,
  school: School,
  activityId: number,
): Promise<ActivityView> {
  let found: ActivityView | undefined;
  await expect
    .poll(
      async () => {
        found = await publicActivity(request, school, activityId);
        return found?.block.seedHash ?? null;
      },
      { timeout: 15_000, message: 'the seed hash reaches the public activity list' },
    )
    .toMatch(/^[0-9a-f]{64}$/);
  return found!;
}

/** `YYYY-MM-DDTHH:mm` on the school's clock, as a datetime-local input takes it. */
function localInput(ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A block of its own (current and coming weeks) with a window, made through the API. */
async function windowBlock(
  request: APIRequestContext,
  window: { opens: number | null; closes: number | null; allocation: 'fcfs' | 'lottery' },
): Promise<Block> {
  const week = Math.min(48, isoWeekNow());
  return apiPost<Block>(request, '/api/blocks', {
    name: `Blok ${unique()}`,
    weekStart: week,
    weekEnd: Math.min(52, week + 4),
    signupOpensAt: window.opens === null ? null : new Date(window.opens).toISOString(),
    signupClosesAt: window.closes === null ? null : new Date(window.closes).toISOString(),
    allocation: window.allocation,
  });
}

function isoWeekNow(): number {
  const now = new Date();
  const d = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
  const day = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - day + 3);
  const firstThursday = new Date(Date.UTC(d.getUTCFullYear(), 0, 4));
  firstThursday.setUTCDate(firstThursday.getUTCDate() - ((firstThursday.getUTCDay() + 6) % 7) + 3);
  return 1 + Math.round((d.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
}

const APPROVED_SUBJECT = 'Aanmelding goedgekeurd';
const WAITLIST_SUBJECT = 'Op de wachtlijst';
const decisionEmail = (email: CaughtEmail) =>
  email.subject.startsWith(APPROVED_SUBJECT) || email.subject.startsWith(WAITLIST_SUBJECT);

test('a lottery block: sign-ups beyond capacity in its window, closed after it, the draw previewed and published on its screen, the right emails, the seed on the school page', async ({
  page,
  browser,
  request,
  stack,
}) => {
  // A window of at least 25 s, whole minutes on the admin's form, then events and emails.
  test.setTimeout(300_000);
  await loginAsAdmin(request, stack);
  await loginAsAdmin(page.request, stack);
  const tag = unique();
  const title = `Loting ${tag}`;
  const { school, block, activities } = await createCatalog(request, tag, [{ title, capacity: 1 }]);
  const activity = activities[0]!;
  const parents = [child('Anna', tag), child('Bram', tag), child('Cato', tag)];

  // (a) The admin makes it a lottery whose window opens now (this minute) and closes at the
  // first whole minute at least 25 s away: the form takes minutes on the admin's clock.
  const closesAt = Math.ceil((Date.now() + 25_000) / 60_000) * 60_000;
  await test.step('the admin gives the block a lottery window on the blocks screen', async () => {
    await page.goto('/admin/blocks');
    const blocks = remoteRoot(page, 'mfe_admin', 'admin-blocks');
    await blocks
      .getByRole('button', {
        name: textWith('mfe_admin', 'nl', 'blocks.editOf', { name: block.name }),
      })
      .click();
    const dialog = page.getByRole('dialog', { name: admin('blocks.editTitle') });
    await dialog.getByLabel(admin('blocks.signupOpensAt')).fill(localInput(Date.now()));
    await dialog.getByLabel(admin('blocks.signupClosesAt')).fill(localInput(closesAt));
    await dialog
      .getByRole('radio', { name: new RegExp(`^${admin('blocks.allocations.lottery')}`) })
      .check();
    await dialog.getByRole('button', { name: admin('common.save'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toast').first()).toContainText(admin('blocks.updated'));
  });

  const committed = await committedActivity(request, school, activity.id);
  expect(committed.block).toMatchObject({
    allocation: 'lottery',
    signupClosesAt: new Date(closesAt).toISOString(),
    seed: null,
    drawPublishedAt: null,
  });
  const seedHash = committed.block.seedHash!;

  // (b) Three families sign up for the one place on the school page: all are taken.
  await test.step('three parents sign up through the school page, beyond capacity', async () => {
    await page.goto(`/schools/${school.accessToken}`);
    const item = cardItem(page, title);
    await expect(item).toHaveAttribute('data-window', 'lottery');
    const lotteryCard = card(page, title);
    await expect(lotteryCard.getByTestId('lottery-note')).toContainText(pub('window.lottery.text'));
    await expect(lotteryCard.getByTestId('lottery-seed-hash')).toContainText(
      `${seedHash.slice(0, 8)}…${seedHash.slice(-8)}`,
    );
    await expect(lotteryCard.getByTestId('signup-window')).toBeVisible();
    for (const parent of parents) {
      await lotteryCard.getByRole('button', { name: pub('activity.signUp'), exact: true }).click();
      // Never the waiting list's dialog in a lottery window.
      const dialog = page.getByRole('dialog', { name: pub('registration.title') });
      await expect(dialog).toBeVisible();
      await fillIn(dialog, parent);
      await dialog.getByRole('button', { name: pub('registration.submit'), exact: true }).click();
      const success = dialog.getByRole('status');
      await expect(success).toContainText(pub('registration.lotterySuccessTitle'));
      await success.getByRole('button', { name: pub('registration.close'), exact: true }).click();
      await expect(dialog).toBeHidden();
    }
    // Not full while the draw is to come: no badge, no waiting list.
    await expect(lotteryCard.locator('.pub-badge-full')).toHaveCount(0);
    await expect(
      lotteryCard.getByRole('button', { name: pub('activity.joinWaitlist') }),
    ).toHaveCount(0);
    const stored = await registrationsOf(request, activity.id);
    expect(stored.map((r) => [r.email, r.status]).sort()).toEqual(
      parents.map((p) => [p.email, 'new']).sort(),
    );
    expect(Date.now(), 'the sign-ups were made before the window closed').toBeLessThan(closesAt);
  });

  // (c) The page closes the sign-up by itself when the window ends.
  await test.step('after the window closes the school page says sign-up is closed', async () => {
    await page.waitForTimeout(Math.max(0, closesAt - Date.now()));
    const item = cardItem(page, title);
    await expect(item).toHaveAttribute('data-window', 'awaitingDraw', { timeout: 5_000 });
    const closed = card(page, title).getByRole('button', { name: pub('window.closed') });
    await expect(closed).toBeDisabled();
    await expect(card(page, title).getByTestId('lottery-note')).toContainText(
      pub('window.awaitingDraw.lead'),
    );
    // Also for a page opened now.
    await page.reload();
    await expect(cardItem(page, title)).toHaveAttribute('data-window', 'awaitingDraw');
  });

  // (d) The admin previews the draw and publishes it after the confirmation.
  let seed = '';
  await test.step('the admin previews the draw and publishes it', async () => {
    const drawPage = await page.context().newPage();
    await drawPage.goto(`/admin/blocks/${block.id}/draw`);
    const root = remoteRoot(drawPage, 'mfe_admin', 'admin-block-draw');
    await expect(root.getByTestId('draw-seed-hash')).toHaveText(seedHash);
    await expect(root.getByTestId('draw-stage')).toHaveAttribute('data-stage', 'closed');
    // R-DRAW-SECRET: before publication the screen shows no seed, only that it is sealed.
    const sealed = root.getByTestId('draw-seed-sealed');
    await expect(sealed).toHaveText(admin('draw.sealed'));
    await expect(root.getByTestId('draw-seed')).toHaveCount(0);
    // R-DRAW-FREEZE: the entries froze at close; the screen shows their digest.
    await expect(root.getByTestId('draw-entries-digest')).toHaveText(/^[0-9a-f]{64}$/, {
      timeout: 15_000,
    });
    const entriesDigest = (await root.getByTestId('draw-entries-digest').textContent())!;
    await root.getByTestId('draw-preview').click();
    const stats = root.getByTestId('draw-stats');
    await expect(stats.locator('[data-stat="entries"] dd')).toHaveText('3');
    await expect(stats.locator('[data-stat="placed"] dd')).toHaveText('1');
    await expect(stats.locator('[data-stat="waitlisted"] dd')).toHaveText('2');
    // A preview changes nothing.
    expect((await registrationsOf(request, activity.id)).every((r) => r.status === 'new')).toBe(
      true,
    );
    // Still sealed with a preview on the screen, and no seed anywhere in the page.
    await expect(sealed).toHaveText(admin('draw.sealed'));
    await expect(root.getByTestId('draw-entries-digest')).toHaveText(entriesDigest);
    const before = await drawPage.content();
    expect(before).not.toMatch(/--seed [0-9a-f]{64}/);

    await root.getByTestId('draw-publish').click();
    const confirm = drawPage.getByRole('dialog', { name: admin('draw.publishTitle') });
    await expect(confirm.getByTestId('publish-draw-summary')).toContainText(
      admin('draw.publishEmail'),
    );
    await confirm.getByRole('button', { name: admin('draw.publish'), exact: true }).click();
    await expect(confirm).toBeHidden();
    const published = root.getByTestId('draw-published');
    await expect(published).toBeVisible();
    seed = (await root.getByTestId('draw-seed').inputValue()).trim();
    // Published: the seed replaces the seal, and it was nowhere in the page before.
    await expect(root.getByTestId('draw-seed-sealed')).toHaveCount(0);
    expect(before).not.toContain(seed);
    await drawPage.close();
  });

  // R-DRAW-COMMIT: the seed revealed is the one the hash shown from the start was made of.
  const after = await publicActivity(request, school, activity.id);
  expect(after?.block.seed).toMatch(/^[0-9a-f]{64}$/);
  // The admin's screen shows the seed the public list reveals.
  expect(after?.block.seed).toBe(seed);
  expect(createHash('sha256').update(seed).digest('hex')).toBe(seedHash);
  expect(after?.block.seedHash).toBe(seedHash);
  expect(after?.block.drawPublishedAt).toBeTruthy();

  // (e) One place, two on the waiting list: each parent emailed accordingly.
  await test.step('one parent is approved and two are on the waiting list, by email', async () => {
    const stored = await registrationsOf(request, activity.id);
    const byEmail = new Map(stored.map((r) => [r.email, r]));
    expect(stored.map((r) => r.status).sort()).toEqual(['approved', 'waitlisted', 'waitlisted']);
    expect(
      stored
        .filter((r) => r.status === 'waitlisted')
        .map((r) => r.waitlistPosition)
        .sort(),
    ).toEqual([1, 2]);
    const subjects: string[] = [];
    for (const parent of parents) {
      const email = await waitForEmail(stack, { to: parent.email, where: decisionEmail }, 30_000);
      const expected =
        byEmail.get(parent.email)?.status === 'approved' ? APPROVED_SUBJECT : WAITLIST_SUBJECT;
      expect(email.subject, `the email to ${parent.email}`).toBe(`${expected}: ${title}`);
      subjects.push(expected);
    }
    expect(subjects.sort()).toEqual([APPROVED_SUBJECT, WAITLIST_SUBJECT, WAITLIST_SUBJECT]);
    // One decision each, no second one.
    await page.waitForTimeout(1_000);
    for (const parent of parents) {
      expect(await findEmails(stack, { to: parent.email, where: decisionEmail })).toHaveLength(1);
    }
  });

  // (f) The school page shows the result, the seed and the way to /loting.
  await test.step('the school page shows the published draw, its seed and the link to /loting', async () => {
    await page.goto(`/schools/${school.accessToken}`);
    const item = cardItem(page, title);
    await expect(item).toHaveAttribute('data-window', 'drawn');
    const drawn = card(page, title);
    await expect(drawn.getByTestId('lottery-note')).toContainText(pub('window.drawn.text'));
    const seedProof = drawn.getByTestId('lottery-seed');
    await expect(seedProof).toContainText(`${seed.slice(0, 8)}…${seed.slice(-8)}`);
    await seedProof.locator('summary').click();
    await expect(seedProof.locator('.pub-proof-full')).toHaveText(seed);
    // First come first served again: the one place is taken, the waiting list is open.
    await expect(drawn.locator('.pub-badge-full')).toHaveCount(1);
    await expect(
      drawn.getByRole('button', { name: pub('activity.joinWaitlist'), exact: true }),
    ).toBeEnabled();
    await expectNoAxeViolations(page, 'the school page after the draw');

    for (const size of ['1366', 'phone'] as const) {
      for (const language of ['nl', 'en'] as const) {
        const shot = await pageAt(browser, stack.baseURL, size);
        await shot.goto(withLanguage(`/schools/${school.accessToken}`, language));
        await expect(cardItem(shot, title)).toHaveAttribute('data-window', 'drawn');
        await expect(card(shot, title).getByTestId('lottery-note')).toContainText(
          pub('window.drawn.text', language),
        );
        await screenshot(shot, `school-after-draw-${size}-${language}`);
        await close(shot);
      }
    }

    await drawn.getByRole('link', { name: pub('window.howLink') }).click();
    await expect(page).toHaveURL(/\/loting$/);
    const lottery = remoteRoot(page, 'mfe_public', 'lottery');
    await expect(lottery.locator('h1')).toHaveText(pub('lottery.title'));
    await expect(lottery.getByTestId('lottery-rules').locator('li')).toHaveCount(5);
  });
});

test('the school page before a window opens and in a lottery window: no dialog before opening, a full activity open to the draw', async ({
  page,
  browser,
  request,
  stack,
}) => {
  test.setTimeout(120_000);
  await loginAsAdmin(request, stack);
  const tag = unique();
  const school = await createSchool(request, `E2E School ${tag}`);
  const provider = await createProvider(request, `E2E Aanbieder ${tag}`);
  const hour = 3_600_000;
  const later = await windowBlock(request, {
    opens: Date.now() + 49 * hour,
    closes: Date.now() + 100 * hour,
    allocation: 'fcfs',
  });
  const lottery = await windowBlock(request, {
    opens: Date.now() - hour,
    closes: Date.now() + 72 * hour,
    allocation: 'lottery',
  });
  const laterTitle = `Later ${tag}`;
  const fullTitle = `Vol maar loting ${tag}`;
  const openTitle = `Loting vrij ${tag}`;
  const base = { schoolId: school.id, providerId: provider.id, capacity: 1 };
  const laterActivity = await createActivity(request, {
    ...base,
    title: laterTitle,
    blockId: later.id,
  });
  const full = await createActivity(request, {
    ...base,
    title: fullTitle,
    blockId: lottery.id,
    weekday: 1,
  });
  await createActivity(request, { ...base, title: openTitle, blockId: lottery.id, weekday: 2 });

  // Two families for the one place, one of them approved by the admin: full, yet the draw is
  // still to come, so a third may enter (it decides the order of the waiting list).
  const first = await signUp(request, school.accessToken, {
    activityId: full.id,
    ...child('Dirk', tag),
  });
  await signUp(request, school.accessToken, { activityId: full.id, ...child('Eva', tag) });
  await apiPost(request, `/api/admin/registrations/${first.id}/approve`, { sendEmail: false });
  await expect
    .poll(async () => (await publicActivity(request, school, full.id))?.availablePlaces, {
      timeout: 15_000,
    })
    .toBe(0);
  await committedActivity(request, school, full.id);

  await page.goto(`/schools/${school.accessToken}`);

  await test.step('before opening: a disabled button says when, and no dialog opens', async () => {
    await expect(cardItem(page, laterTitle)).toHaveAttribute('data-window', 'notOpen');
    const button = card(page, laterTitle).getByRole('button', {
      name: new RegExp(`^${escapeRegExp(pub('window.opensAt').split('{{')[0]!)}`),
    });
    await expect(button).toBeDisabled();
    await expect(card(page, laterTitle).getByTestId('signup-window')).toBeVisible();
    // A link straight to the activity's dialog does not open it either.
    await page.goto(`/schools/${school.accessToken}?activityId=${laterActivity.id}`);
    await expect(page.getByTestId('toast').first()).toContainText(pub('registration.lockedTitle'));
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  await test.step('in a lottery window a full activity is not full, and takes a sign-up', async () => {
    const item = cardItem(page, fullTitle);
    await expect(item).toHaveAttribute('data-window', 'lottery');
    const fullCard = card(page, fullTitle);
    await expect(fullCard.locator('.pub-badge-full')).toHaveCount(0);
    await expect(fullCard).toContainText(text('mfe_public', 'nl', 'window.lotteryNoPlaces_one'));
    await expect(fullCard.getByTestId('lottery-note')).toContainText(pub('window.lottery.text'));
    await fullCard.getByRole('button', { name: pub('activity.signUp'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: pub('registration.title') });
    await expect(dialog).toContainText(pub('registration.lotteryIntro').split('{{')[0]!.trim());
    await fillIn(dialog, child('Fleur', tag));
    await dialog.getByRole('button', { name: pub('registration.submit'), exact: true }).click();
    // The dialog's success view (the toast of the step before may still show in the dialog).
    await expect(dialog.locator('.pub-dialog-success')).toContainText(
      pub('registration.lotterySuccessTitle'),
    );
    const stored = await registrationsOf(request, full.id);
    expect(stored.find((r) => r.email === child('Fleur', tag).email)?.status).toBe('new');
    await dialog.getByRole('button', { name: pub('registration.close'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expectNoAxeViolations(page, 'the school page in a lottery window');
  });

  await test.step('screenshots in the lottery window at phone and laptop width, nl and en', async () => {
    for (const size of ['phone', '1366'] as const) {
      for (const language of ['nl', 'en'] as const) {
        const shot = await pageAt(browser, stack.baseURL, size);
        await shot.goto(withLanguage(`/schools/${school.accessToken}`, language));
        await expect(cardItem(shot, fullTitle)).toHaveAttribute('data-window', 'lottery');
        await expect(card(shot, fullTitle).getByTestId('lottery-note')).toContainText(
          pub('window.lottery.text', language),
        );
        // The page is no wider than the screen.
        const overflow = await shot.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `horizontal overflow at ${size} (${language})`).toBeLessThanOrEqual(0);
        await screenshot(shot, `school-lottery-window-${size}-${language}`);
        await close(shot);
      }
    }
  });
});

test("a sign-up sent after its window closed is answered in the dialog with the server's message", async ({
  page,
  request,
  stack,
}) => {
  test.setTimeout(120_000);
  await loginAsAdmin(request, stack);
  const tag = unique();
  const school = await createSchool(request, `E2E School ${tag}`);
  const provider = await createProvider(request, `E2E Aanbieder ${tag}`);
  const closes = Date.now() + 12_000;
  const block = await windowBlock(request, { opens: null, closes, allocation: 'fcfs' });
  const title = `Bijna dicht ${tag}`;
  await createActivity(request, {
    title,
    schoolId: school.id,
    blockId: block.id,
    providerId: provider.id,
  });

  await page.goto(`/schools/${school.accessToken}`);
  await expect(cardItem(page, title)).toHaveAttribute('data-window', 'open');
  await card(page, title)
    .getByRole('button', { name: pub('activity.signUp'), exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: pub('registration.title') });
  await fillIn(dialog, child('Gijs', tag));
  // The parent is still typing when the window closes.
  await page.waitForTimeout(Math.max(0, closes - Date.now() + 500));
  await dialog.getByRole('button', { name: pub('registration.submit'), exact: true }).click();
  const refusal = dialog.locator('.pub-window-refusal');
  await expect(refusal).toContainText(pub('registration.lockedTitle'));
  await expect(refusal).toContainText('Aanmelden voor deze activiteit is gesloten.');
  await expect(
    dialog.getByRole('button', { name: pub('registration.submit'), exact: true }),
  ).toHaveCount(0);
  await expect(
    dialog.getByRole('button', { name: pub('registration.close'), exact: true }),
  ).toBeFocused();
  await screenshot(page, 'dialog-signup-closed-1366-nl', false);
  await dialog.getByRole('button', { name: pub('registration.close'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(cardItem(page, title)).toHaveAttribute('data-window', 'closed');
  await expect(
    card(page, title).getByRole('button', { name: pub('window.closed') }),
  ).toBeDisabled();
});

test('/loting explains the draw in Dutch and in English', async ({ browser, stack }) => {
  for (const size of ['phone', '1366'] as const) {
    for (const language of ['nl', 'en'] as const) {
      const page = await pageAt(browser, stack.baseURL, size);
      await page.goto(withLanguage('/loting', language));
      const root = remoteRoot(page, 'mfe_public', 'lottery');
      await expect(root.locator('h1')).toHaveText(pub('lottery.title', language));
      const rules = root.getByTestId('lottery-rules').locator('li');
      await expect(rules).toHaveCount(5);
      for (const rule of [1, 2, 3, 4, 5]) {
        await expect(rules.nth(rule - 1)).toContainText(pub(`lottery.rule${rule}Title`, language));
      }
      await expect(root).toContainText('npm run draw:verify');
      await expect(root).toContainText(pub('lottery.proof1Title', language));
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `horizontal overflow at ${size} (${language})`).toBeLessThanOrEqual(0);
      if (size === 'phone' && language === 'nl') await expectNoAxeViolations(page, '/loting');
      await screenshot(page, `loting-${size}-${language}`);
      await close(page);
    }
  }
});
