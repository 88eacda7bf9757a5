// Server-side composition (docs/architecture.md): the public pages' first view is in the first
// HTML response. The gateway puts the public remote's build-time fragment into the shell's
// index.html (SSI), in the language of ?lng= or the nsa_lang cookie (Dutch by default,
// R-LANG-DEFAULT; any of the six of R-LANG-PUBLIC, Arabic with dir="rtl"); the remote's App then takes over without the text moving or changing
// language; and a remote that is down leaves the shell's own error and retry (R-WEB-REMOTE-FAILURE).
import type { BrowserContext, Page } from '@playwright/test';
import type { StackFacts } from '../lib/settings.js';
import { expect, remoteRoot, test, text, withRegistry, type Language } from './fixtures.js';

const pub = (key: string, language: Language = 'nl') => text('mfe_public', language, key);
const LANGUAGES = ['nl', 'en', 'tr', 'ar', 'pl', 'uk'] as const;

async function chooseLanguage(context: BrowserContext, stack: StackFacts, language: Language) {
  if (language !== 'nl') {
    await context.addCookies([{ name: 'nsa_lang', value: language, url: stack.baseURL }]);
  }
}

async function expectSteps(page: Page, language: Language) {
  const root = remoteRoot(page, 'mfe_public', 'landing');
  const steps = root
    .getByRole('region', { name: pub('landing.stepsTitle', language) })
    .getByRole('listitem');
  await expect(steps).toHaveCount(3);
  for (const [i, step] of [1, 2, 3].entries()) {
    await expect(steps.nth(i)).toContainText(pub(`landing.step${step}Title`, language));
    await expect(steps.nth(i)).toContainText(pub(`landing.step${step}Text`, language));
  }
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const language of LANGUAGES) {
    test(`the landing page shows its lead and its three steps, in ${language}`, async ({
      page,
      context,
      stack,
    }) => {
      await chooseLanguage(context, stack, language);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // Arabic is right to left from the first byte (R-LANG-PUBLIC).
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(page).toHaveTitle(text('shell', language, 'productName'));
      await expect(page.locator('header .brand')).toHaveText(
        text('shell', language, 'productName'),
      );
      const root = remoteRoot(page, 'mfe_public', 'landing');
      await expect(root.locator('h1')).toHaveText(pub('landing.title', language));
      await expect(root.locator('p.pub-lead')).toHaveText(pub('landing.intro', language));
      await expectSteps(page, language);
      // The remote's own stylesheet came with it: its step numbers are drawn as badges.
      await expect(root.locator('.pub-step-number').first()).not.toHaveCSS('display', 'inline');
    });

    // R-PUBLIC-STATES: while loading, the page says so.
    test(`the school page shows its frame and lead, in ${language}`, async ({
      page,
      context,
      stack,
    }) => {
      await chooseLanguage(context, stack, language);
      await page.goto(`/schools/${stack.demoSchool.token}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const root = remoteRoot(page, 'mfe_public', 'school');
      await expect(root.locator('h1')).toHaveText(pub('school.title', language));
      await expect(root.locator('p.pub-lead')).toHaveText(pub('school.subtitle', language));
      await expect(root.getByRole('status')).toHaveText(pub('school.loading', language));
    });
  }

  test('?lng=en wins over the cookie, and a route without a first view stays empty', async ({
    page,
    context,
    stack,
  }) => {
    await context.addCookies([{ name: 'nsa_lang', value: 'nl', url: stack.baseURL }]);
    await page.goto('/?lng=en');
    await expect(remoteRoot(page, 'mfe_public', 'landing').locator('p.pub-lead')).toHaveText(
      pub('landing.intro', 'en'),
    );
    await page.goto('/my-signup');
    await expect(page.locator('#content')).toBeEmpty();
  });
});

test('the lead is in the first HTML response, which varies by cookie and is not cached', async ({
  request,
}) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-cache');
  expect(res.headers()['vary']).toContain('Cookie');
  expect(await res.text()).toContain(`<p class="pub-lead">${pub('landing.intro')}</p>`);
});

for (const language of LANGUAGES) {
  test(`the scripts take over the first view without moving the lead or changing language (${language})`, async ({
    page,
    context,
    stack,
  }) => {
    await chooseLanguage(context, stack, language);
    // From the first byte on, note every state of the lead the page went through: its text
    // and where it was, after each batch of DOM changes, once the browser could paint it (no
    // page is painted before the stylesheets its HTML links in <head> have loaded; those the
    // scripts add later do not hold the paint).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { leadStates: string[] }).leadStates = seen;
      // The stylesheets of the HTML's <head>, taken when the lead first appears (before any
      // script has added one).
      let htmlSheets: HTMLLinkElement[] | undefined;
      const note = () => {
        if (!htmlSheets && document.querySelector('p.pub-lead')) {
          htmlSheets = [
            ...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'),
          ];
        }
        if (htmlSheets?.some((link) => !link.sheet)) return;
        const lead = document.querySelector('main[data-page="landing"] p.pub-lead');
        const state = lead
          ? `${lead.textContent} @${Math.round(lead.getBoundingClientRect().top)}`
          : 'none';
        if (seen.at(-1) !== state) seen.push(state);
      };
      new MutationObserver(note).observe(document, {
        childList: true,
        subtree: true,
        characterData: true,
      });
      // A stylesheet that finishes loading changes what can be painted, too.
      document.addEventListener('load', note, true);
    });
    await page.goto('/');
    const root = remoteRoot(page, 'mfe_public', 'landing');
    // The App has rendered once the organisation (from /app-config.json) is on the page.
    await expect(page.locator('footer.pub-site-footer')).toBeVisible();
    await expect(
      root.getByRole('region', { name: pub('landing.contactTitle', language) }),
    ).toContainText('@');
    const states = await page.evaluate(
      () => (window as unknown as { leadStates: string[] }).leadStates,
    );
    // 'none' only before the HTML parser reached the lead; then always the same text, in place.
    const afterFirst = states.slice(states.findIndex((s) => s !== 'none'));
    expect(afterFirst, states.join(' | ')).toHaveLength(1);
    expect(afterFirst[0]).toContain(pub('landing.intro', language));
  });
}

test('with the public remote missing, the shell shows its error and retry, and no error page', async ({
  page,
  stack,
}) => {
  const MISSING = '/mfe/public/missing/mf-manifest.json';
  await withRegistry(
    stack,
    (registry) => ({ ...registry, mfe_public: MISSING }),
    async () => {
      // The gateway's include finds no fragment and adds nothing.
      const html = await (await page.request.get('/')).text();
      expect(html).toMatch(/<div id="content" class="content">\s*<\/div>/);
      for (const leak of ['Not Found', 'nginx', 'error occurred', '<!--#']) {
        expect(html).not.toContain(leak);
      }

      const manifest = page.waitForResponse((r) => r.url().endsWith(MISSING));
      await page.goto('/');
      expect((await manifest).status()).toBe(404);
      const error = page.getByTestId('remote-error');
      await expect(error.getByRole('alert')).toContainText(
        text('shell', 'nl', 'remote.errorTitle'),
      );
      await expect(page.getByTestId('remote-retry')).toHaveText(
        text('shell', 'nl', 'remote.retry'),
      );
      await expect(page.locator('main[data-remote="mfe_public"]')).toHaveCount(0);
      await expect(page.locator('header')).toBeVisible();

      // The school page too, in English with the cookie.
      await page.context().addCookies([{ name: 'nsa_lang', value: 'en', url: stack.baseURL }]);
      await page.goto(`/schools/${stack.demoSchool.token}`);
      await expect(page.getByTestId('remote-error').getByRole('alert')).toContainText(
        text('shell', 'en', 'remote.errorTitle'),
      );
      await expect(page.getByTestId('remote-retry')).toHaveText(
        text('shell', 'en', 'remote.retry'),
      );
    },
  );
  // With the registry back, the next visit has the first view and the App again.
  await page.goto('/');
  await expect(remoteRoot(page, 'mfe_public', 'landing').locator('p.pub-lead')).toHaveText(
    pub('landing.intro', 'en'),
  );
  await expect(page.locator('footer.pub-site-footer')).toBeVisible();
});
