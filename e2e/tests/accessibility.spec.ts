// WCAG 2.1 AA on every screen of the three sides (R-A11Y-WCAG, docs/accessibility.md):
// axe-core with the wcag2a, wcag2aa, wcag21a and wcag21aa rules finds nothing on any route of
// the admin remote's route table and the provider page in Dutch and English, and on the public
// pages in all six languages (R-LANG-PUBLIC; Arabic right to left) (the language switcher's
// visible "NL"/"EN" is part of its accessible name, WCAG 2.5.3); at
// 320 CSS px no page scrolls sideways, also, in every public language, with a 42-letter word as
// an activity's title, its provider's name and a child's name (which also push no button out of
// view); and at 1366 px the sign-up review table keeps every action button in view with 40-character
// names. One browser context per language; the login is made once in each.
import type { Browser, Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Block } from '@nsa/contracts';
import {
  apiPost,
  birthDateForAge,
  createActivity,
  createCatalog,
  signUp,
  unique,
} from '../lib/data.js';
import { mySignupLinkFrom, waitForEmail } from '../lib/mail.js';
import { PLATFORM_ADMIN } from '../lib/settings.js';
import { expect, loginAsAdmin, remoteRoot, test, type Language } from './fixtures.js';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * axe-core leaves its experimental rules out of a run by tags, also those that test a WCAG 2.1
 * A/AA criterion; these are all of them in axe-core 4.13, switched on by name. Without them
 * the language switcher's "NL" named "Nederlands" (WCAG 2.5.3) went unseen.
 */
const EXPERIMENTAL_WCAG_RULES = [
  'css-orientation-lock',
  'label-content-name-mismatch',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header',
];
const LAPTOP = { width: 1366, height: 768 } as const;
const NARROW = { width: 320, height: 640 } as const;

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: LAPTOP });

/** A word of `length` letters without a break, unique to the run. */
function longWord(prefix: string, length: number): string {
  const tag = unique().replace(/[^a-z0-9]/gi, '');
  return `${prefix}${tag}${'x'.repeat(length)}`.slice(0, length);
}

const withLanguage = (url: string, language: Language) =>
  language === 'nl' ? url : `${url}${url.includes('?') ? '&' : '?'}lng=${language}`;

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .options({
      rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])),
    })
    .withTags(WCAG_TAGS)
    .analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Opens a route and waits until its page has rendered and its data has arrived. */
async function open(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), `GET ${url}`).toBeLessThan(500);
  await expect(page.locator('main h1').first(), url).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ viewport: LAPTOP, baseURL, locale: 'en-US' });
  return context.newPage();
}

interface World {
  schoolUrl: string;
  longTitle: string;
  mySignup: string;
  provider: string;
  activityId: number;
  drawBlockId: number;
}

test('every route of the admin and provider sides in nl and en, and of the public side in all six languages: no axe-core WCAG 2.1 A/AA violations, and at 320 px nothing scrolls sideways', async ({
  browser,
  request,
  stack,
}) => {
  test.setTimeout(720_000);
  await loginAsAdmin(request, stack);
  const tag = unique();
  const longTitle = longWord('Activiteit', 42);
  const catalog = await createCatalog(request, `A11y ${tag}`, [{ title: longTitle }]);
  const activityId = catalog.activities[0]!.id;
  const email = `a11y${tag}@example.nl`;
  await signUp(request, catalog.school.accessToken, {
    activityId,
    childFirstName: longWord('Kind', 40),
    childLastName: longWord('Achternaam', 40),
    childDateOfBirth: birthDateForAge(8),
    childGroup: 'groep5',
    parentName: longWord('Ouder', 40),
    email,
    phone: '0612345678',
  });
  const confirmation = await waitForEmail(stack, { to: email });
  const mySignup = new URL(mySignupLinkFrom(confirmation));
  const { url: providerUrl } = await apiPost<{ url: string }>(
    request,
    `/api/admin/activities/${activityId}/provider-token/generate`,
  );
  const provider = new URL(providerUrl);
  // A lottery block with an activity, so its draw page has something to show.
  const week = Math.min(48, Number(catalog.block.weekStart));
  const lottery = await apiPost<Block>(request, '/api/blocks', {
    name: `Loting ${unique()}`,
    weekStart: week,
    weekEnd: Math.min(52, week + 4),
    signupOpensAt: new Date(Date.now() - 3_600_000).toISOString(),
    signupClosesAt: new Date(Date.now() + 86_400_000).toISOString(),
    allocation: 'lottery',
  });
  await createActivity(request, {
    title: `Loting ${tag}`,
    schoolId: catalog.school.id,
    blockId: lottery.id,
    providerId: catalog.provider.id,
  });
  const world: World = {
    schoolUrl: `/schools/${catalog.school.accessToken}`,
    longTitle,
    mySignup: `${mySignup.pathname}${mySignup.search}${mySignup.hash}`,
    provider: `${provider.pathname}${provider.search}`,
    activityId,
    drawBlockId: lottery.id,
  };

  // The public side (and the shell's own not-found page) in every language; the admin and
  // provider screens only in Dutch and English.
  const publicRoutes = ['/', world.schoolUrl, '/loting', '/bestaat-niet'];
  const staffRoutes = ['/login', '/reset-password?token=abc', world.provider, '/platform/login'];
  const signedIn = [
    '/admin',
    '/admin/registrations',
    `/admin/registrations?activityId=${world.activityId}`,
    '/admin/activities',
    `/admin/activities/${world.activityId}/attendance`,
    '/admin/schools',
    '/admin/blocks',
    `/admin/blocks/${world.drawBlockId}/draw`,
    '/admin/providers',
    '/admin/audit',
    '/admin/privacy',
    '/admin/organisation',
    '/admin/settings',
    '/admin/bestaat-niet',
  ];

  const found: string[] = [];
  const wide: string[] = [];
  for (const language of ['nl', 'en', 'tr', 'ar', 'pl', 'uk'] as const) {
    const staff = language === 'nl' || language === 'en';
    const page = await newPage(browser, stack.baseURL);
    try {
      const check = async (route: string) => {
        const url = withLanguage(route, language);
        await page.setViewportSize(LAPTOP);
        await open(page, url);
        for (const v of await axeViolations(page)) found.push(`${language} ${route}: ${v}`);
        await page.setViewportSize(NARROW);
        const extra = await sidewaysScroll(page);
        if (extra > 0) wide.push(`${language} ${route}: ${extra} px too wide at 320 px`);
      };
      for (const route of publicRoutes) await check(route);
      if (staff) for (const route of staffRoutes) await check(route);
      // The parent's own page: its token is in the fragment, which ?lng= must not follow.
      await page.setViewportSize(LAPTOP);
      await page.goto(
        language === 'nl' ? world.mySignup : world.mySignup.replace('#', `?lng=${language}#`),
      );
      await expect(remoteRoot(page, 'mfe_public', 'my-signup').locator('h1')).toBeVisible({
        timeout: 30_000,
      });
      await page.waitForLoadState('networkidle');
      for (const v of await axeViolations(page)) found.push(`${language} /my-signup: ${v}`);
      await page.setViewportSize(NARROW);
      const mine = await sidewaysScroll(page);
      if (mine > 0) wide.push(`${language} /my-signup: ${mine} px too wide at 320 px`);

      if (staff) {
        await loginAsAdmin(page.request, stack);
        for (const route of signedIn) await check(route);
        // R-PLATFORM-SCREENS: the platform's page, with its own session.
        const platform = await page.request.post('/api/platform/login', { data: PLATFORM_ADMIN });
        expect(platform.status()).toBe(200);
        await check('/platform');
      }
    } finally {
      await page.context().close();
    }
  }
  expect(found, 'axe-core WCAG 2.1 A/AA violations').toEqual([]);
  expect(wide, 'pages that scroll sideways at 320 px').toEqual([]);
});

test('at 320 px in every public language, a 42-letter word as an activity’s title, its provider’s name and a child’s name scrolls no page sideways and pushes no button out of view', async ({
  browser,
  request,
  stack,
}) => {
  await loginAsAdmin(request, stack);
  const title = longWord('Voetbalkampioenschap', 42);
  const provider = longWord('Sportvereniging', 42);
  const child = longWord('Kind', 42);
  // The provider is named "E2E Aanbieder <word>" (and the school "E2E School <word>").
  const catalog = await createCatalog(request, provider, [{ title }]);
  const email = `smal${unique().replace(/[^a-z0-9]/gi, '')}@example.nl`;
  await signUp(request, catalog.school.accessToken, {
    activityId: catalog.activities[0]!.id,
    childFirstName: child,
    childLastName: longWord('Achternaam', 42),
    childDateOfBirth: birthDateForAge(8),
    childGroup: 'groep5',
    parentName: longWord('Ouder', 42),
    email,
    phone: '0612345678',
  });
  const link = new URL(mySignupLinkFrom(await waitForEmail(stack, { to: email })));

  /** Buttons of `root` that do not lie wholly within the screen's width. */
  const outOfView = async (root: ReturnType<typeof remoteRoot>) => {
    const out: string[] = [];
    const buttons = root.getByRole('button');
    for (let i = 0; i < (await buttons.count()); i++) {
      const box = await buttons.nth(i).boundingBox();
      if (box && (box.x < 0 || box.x + box.width > NARROW.width)) {
        out.push(`${(await buttons.nth(i).textContent())?.trim()}: ${box.x}..${box.x + box.width}`);
      }
    }
    return out;
  };

  const problems: string[] = [];
  for (const language of ['nl', 'en', 'tr', 'ar', 'pl', 'uk'] as const) {
    const context = await browser.newContext({ viewport: NARROW, baseURL: stack.baseURL });
    const page = await context.newPage();
    try {
      await page.goto(withLanguage(`/schools/${catalog.school.accessToken}`, language));
      const school = remoteRoot(page, 'mfe_public', 'school');
      const card = school.getByRole('article', { name: title, exact: true });
      await expect(card).toBeVisible({ timeout: 30_000 });
      await expect(card).toContainText(provider);
      await page.waitForLoadState('networkidle');
      const extra = await sidewaysScroll(page);
      if (extra > 0) problems.push(`${language} school page: ${extra} px too wide`);
      for (const b of await outOfView(school)) problems.push(`${language} school page: ${b}`);

      await page.goto(`${link.pathname}${language === 'nl' ? '' : `?lng=${language}`}${link.hash}`);
      const mine = remoteRoot(page, 'mfe_public', 'my-signup');
      await expect(mine.locator('p.pub-lead')).toContainText(child, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const wide = await sidewaysScroll(page);
      if (wide > 0) problems.push(`${language} /my-signup: ${wide} px too wide`);
      for (const b of await outOfView(mine)) problems.push(`${language} /my-signup: ${b}`);
      if (language === 'ar') {
        await page.screenshot({
          path: test.info().outputPath('my-signup-320-ar.png'),
          fullPage: true,
        });
      }
    } finally {
      await context.close();
    }
  }
  expect(problems, 'sideways scroll or buttons out of view at 320 px').toEqual([]);
});

test('at 1366 px the review table keeps approve, reject and revert in view with 40-character names, without scrolling sideways', async ({
  page,
  request,
  stack,
}) => {
  await loginAsAdmin(request, stack);
  await loginAsAdmin(page.request, stack);
  const tag = unique();
  const catalog = await createCatalog(request, `Lang ${tag}`, [
    { title: `Lang ${tag}`, capacity: 10 },
  ]);
  const activityId = catalog.activities[0]!.id;
  const first = longWord('Kind', 40);
  const last = longWord('Achternaam', 40);
  const registration = await signUp(request, catalog.school.accessToken, {
    activityId,
    childFirstName: first,
    childLastName: last,
    childDateOfBirth: birthDateForAge(8),
    childGroup: 'groep5',
    parentName: longWord('Ouder', 40),
    email: `${longWord('ouder', 40)}@example.nl`,
    phone: '0612345678',
  });
  // A second row, approved, so the undo button is there too.
  const other = await signUp(request, catalog.school.accessToken, {
    activityId,
    childFirstName: longWord('Broer', 40),
    childLastName: last,
    childDateOfBirth: birthDateForAge(9),
    childGroup: 'groep5',
    parentName: longWord('Ouder', 40),
    email: `lang2${tag}@example.nl`,
    phone: '0612345678',
  });
  await apiPost(request, `/api/admin/registrations/${other.id}/approve`);
  expect(registration.id).toBeGreaterThan(0);

  await page.goto(`/admin/registrations?activityId=${activityId}`);
  const panel = remoteRoot(page, 'mfe_admin', 'admin-registrations').getByTestId('signups-panel');
  const rows = panel.getByTestId('registration-row');
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const actions = panel.locator('[data-action]');
  const names = await actions.evaluateAll((buttons) =>
    buttons.map((b) => b.getAttribute('data-action')),
  );
  for (const wanted of ['approve', 'reject', 'revert']) {
    expect(names, `the table has a ${wanted} button`).toContain(wanted);
  }
  for (let i = 0; i < (await actions.count()); i++) {
    const button = actions.nth(i);
    const box = await button.boundingBox();
    const label = `${names[i]} button ${i}`;
    expect(box, `${label} is drawn`).not.toBeNull();
    expect(box!.x, `${label} starts within the screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${label} ends within the screen`).toBeLessThanOrEqual(
      LAPTOP.width,
    );
  }
  const overflow = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.adm-table-scroll')].map(
      (box) => box.scrollWidth - box.clientWidth,
    ),
  );
  expect(
    overflow.filter((extra) => extra > 0),
    'no table scrolls sideways in its box',
  ).toEqual([]);
  expect(await sidewaysScroll(page), 'the page scrolls sideways by').toBe(0);
  await page.screenshot({ path: test.info().outputPath('review-1366.png'), fullPage: true });
});
