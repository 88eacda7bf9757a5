// The public side in Turkish, Arabic, Polish and Ukrainian besides Dutch and English
// (R-LANG-PUBLIC): the landing, school and my-signup pages in each, <html lang> and dir following
// the language (Arabic right to left, its layout mirrored), the switcher naming each language in
// its own name, plural forms by the language's own rules, and the admin and provider screens in
// Dutch or English only, whatever was chosen. Arabic is screenshot at 390 px (test-results).
import type { Page } from '@playwright/test';
import { birthDateForAge, createCatalog, signUp, unique } from '../lib/data.js';
import { mySignupLinkFrom, waitForEmail } from '../lib/mail.js';
import {
  expect,
  loginAsAdmin,
  remoteRoot,
  test,
  text,
  textWith,
  type Language,
} from './fixtures.js';

const NEW_LANGUAGES = ['tr', 'ar', 'pl', 'uk'] as const;
const ALL: Language[] = ['nl', 'en', 'tr', 'ar', 'pl', 'uk'];
const OWN_NAMES: Record<Language, string> = {
  nl: 'Nederlands',
  en: 'English',
  tr: 'Türkçe',
  ar: 'العربية',
  pl: 'Polski',
  uk: 'Українська',
};
const PHONE = { width: 390, height: 844 } as const;

const pub = (key: string, language: Language) => text('mfe_public', language, key);

/** The switcher's buttons: their accessible names, and which one is pressed. */
async function switcher(page: Page) {
  const buttons = page.locator('header .language-switcher button');
  const names = await buttons.evaluateAll((all) =>
    all.map((b) => (b.textContent ?? '').replace(/\s+/g, ' ').trim()),
  );
  const pressed = await page
    .locator('header .language-switcher button[aria-pressed="true"]')
    .getAttribute('lang');
  return { names, pressed };
}

async function expectLanguage(page: Page, language: Language) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
}

async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

let mySignupPath = '';
let schoolPath = '';
let childName = '';
let activityTitle = '';

test.beforeAll(async ({ request, stack }) => {
  await loginAsAdmin(request, stack);
  const tag = unique();
  activityTitle = `Judo ${tag}`;
  const catalog = await createCatalog(request, `Talen ${tag}`, [
    { title: activityTitle, capacity: 12 },
    { title: `Schaken ${tag}`, capacity: 8 },
    { title: `Dans ${tag}`, capacity: 8 },
  ]);
  schoolPath = `/schools/${catalog.school.accessToken}`;
  const email = `talen${tag}@example.nl`;
  // A parent who types the child's name in Arabic script.
  childName = 'مريم الحسن';
  await signUp(request, catalog.school.accessToken, {
    activityId: catalog.activities[0]!.id,
    childFirstName: 'مريم',
    childLastName: 'الحسن',
    childDateOfBirth: birthDateForAge(8),
    childGroup: 'groep5',
    parentName: 'Ahmed El Hassan',
    email,
    phone: '0612345678',
  });
  const link = new URL(mySignupLinkFrom(await waitForEmail(stack, { to: email })));
  mySignupPath = `${link.pathname}${link.search}${link.hash}`;
});

for (const language of NEW_LANGUAGES) {
  test(`${language}: the landing, school and my-signup pages are in ${OWN_NAMES[language]}`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    if (language === 'ar') await page.setViewportSize(PHONE);

    // Landing page, chosen with ?lng=: the first HTML is in the language already.
    await page.goto(`/?lng=${language}`);
    await expectLanguage(page, language);
    const landing = remoteRoot(page, 'mfe_public', 'landing');
    await expect(landing.locator('h1')).toHaveText(pub('landing.title', language));
    await expect(landing.locator('p.pub-lead')).toHaveText(pub('landing.intro', language));
    await expect(page.locator('footer.pub-site-footer')).toBeVisible();
    await expect(page).toHaveTitle(text('shell', language, 'productName'));
    // Every language in its own name; the code it shows starts its accessible name.
    await expect
      .poll(() => switcher(page))
      .toEqual({
        names: ALL.map((l) => `${l.toUpperCase()} ${OWN_NAMES[l]}`),
        pressed: language,
      });
    if (language === 'ar') {
      // Mirrored by the logical properties alone: the brand at the right, the switcher left.
      const brand = (await page.locator('header .brand').boundingBox())!;
      const languages = (await page.locator('header .language-switcher').boundingBox())!;
      expect(brand.x).toBeGreaterThan(languages.x);
      expect(await sidewaysScroll(page)).toBe(0);
      await page.screenshot({ path: testInfo.outputPath('ar-landing-390.png'), fullPage: true });
    }

    // School page: the choice is remembered (the nsa_lang cookie), no ?lng= needed.
    await page.goto(schoolPath);
    await expectLanguage(page, language);
    const school = remoteRoot(page, 'mfe_public', 'school');
    await expect(school.locator('p.pub-lead')).toHaveText(pub('school.subtitle', language));
    await expect(school.getByRole('article')).toHaveCount(3);
    // Three activities, in the language's own plural form (Arabic: few; Polish, Ukrainian: few).
    const form = new Intl.PluralRules(language).select(3);
    await expect(school.locator('.pub-activity-count')).toHaveText(
      textWith('mfe_public', language, `filter.count_${form}`, { count: 3 }),
    );
    const card = school.getByRole('article', { name: activityTitle });
    await expect(card.locator('h2')).toHaveAttribute('dir', 'auto');
    await expect(card).toContainText(pub('activity.provider', language));
    await expect(card.getByRole('button')).toHaveText(pub('activity.signUp', language));
    if (language === 'ar') {
      expect(await sidewaysScroll(page)).toBe(0);
      await page.screenshot({ path: testInfo.outputPath('ar-school-390.png'), fullPage: true });
    }

    // The parent's own page.
    await page.goto(mySignupPath);
    await expectLanguage(page, language);
    const mine = remoteRoot(page, 'mfe_public', 'my-signup');
    await expect(mine.locator('h1')).toHaveText(pub('mySignup.title', language));
    await expect(mine.getByTestId('signup-status').getByRole('heading')).toHaveText(
      pub('mySignup.status.new.title', language),
    );
    await expect(mine).toContainText(pub('mySignup.detailsTitle', language));
    // The name the parent typed keeps its own direction.
    const name = mine.locator('dd', { hasText: childName });
    await expect(name).toHaveAttribute('dir', 'auto');
    if (language === 'ar') {
      expect(await sidewaysScroll(page)).toBe(0);
      await page.screenshot({ path: testInfo.outputPath('ar-my-signup-390.png'), fullPage: true });
    }
  });
}

test('the switcher chooses Polish on the landing page, and the next page arrives in Polish', async ({
  page,
}) => {
  await page.goto('/');
  await expectLanguage(page, 'nl');
  await page.locator('header .language-switcher button[lang="pl"]').click();
  await expectLanguage(page, 'pl');
  await expect(remoteRoot(page, 'mfe_public', 'landing').locator('h1')).toHaveText(
    pub('landing.title', 'pl'),
  );
  // The gateway reads the choice from the cookie: the first HTML of the next page is Polish.
  const html = await (await page.request.get(schoolPath)).text();
  expect(html).toMatch(/<html lang="pl" dir="ltr">/);
  expect(html).toContain(`<p class="pub-lead">${pub('school.subtitle', 'pl')}</p>`);
});

test('a remembered Arabic shows the admin and provider screens in Dutch, with only NL and EN, and Arabic again on a public page', async ({
  page,
  context,
  stack,
}) => {
  await context.addCookies([{ name: 'nsa_lang', value: 'ar', url: stack.baseURL }]);
  await page.goto('/login');
  await expectLanguage(page, 'nl');
  await expect(remoteRoot(page, 'mfe_admin', 'login').locator('h1')).toHaveText(
    text('mfe_admin', 'nl', 'login.title'),
  );
  await expect
    .poll(() => switcher(page))
    .toEqual({ names: ['NL Nederlands', 'EN English'], pressed: 'nl' });

  // Moving to a public page (a link, no reload) shows the choice again.
  await page.locator('header .brand').click();
  await expectLanguage(page, 'ar');
  await expect(remoteRoot(page, 'mfe_public', 'landing').locator('h1')).toHaveText(
    pub('landing.title', 'ar'),
  );
  await expect.poll(async () => (await switcher(page)).names.length).toBe(6);
  // The choice itself was never replaced by the Dutch shown on the admin page.
  const cookies = await context.cookies(stack.baseURL);
  expect(cookies.find((c) => c.name === 'nsa_lang')?.value).toBe('ar');
});
