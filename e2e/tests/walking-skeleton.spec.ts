// The walking skeleton (R-WEB-ROUTES, R-WEB-ON-DEMAND, R-LANG-DEFAULT): every route family is
// rendered by its own remote, in Dutch by default and in English after ?lng=en, and a route
// downloads only its own remote's files.
import {
  expect,
  loginAsAdmin,
  remoteRoot,
  test,
  text,
  watchCspViolations,
  watchRequests,
  type Language,
  type RemoteName,
} from './fixtures.js';
import type { StackFacts } from '../lib/settings.js';

interface RouteCase {
  name: string;
  path: (facts: StackFacts) => string;
  remote: RemoteName;
  dataPage: string;
  /** The page's <h1>. */
  heading: (facts: StackFacts, language: Language) => string;
  /** Another text of the page in that language, when the heading is not a translated text. */
  extraText?: (language: Language) => string;
  admin?: boolean;
}

const ROUTES: RouteCase[] = [
  {
    name: 'landing page /',
    path: () => '/',
    remote: 'mfe_public',
    dataPage: 'landing',
    heading: (_f, lng) => text('mfe_public', lng, 'landing.title'),
  },
  {
    name: 'school page /schools/<token>',
    path: (f) => `/schools/${f.demoSchool.token}`,
    remote: 'mfe_public',
    dataPage: 'school',
    heading: (f) => f.demoSchool.name,
    extraText: (lng) => text('mfe_public', lng, 'school.subtitle'),
  },
  {
    name: 'login page /login',
    path: () => '/login',
    remote: 'mfe_admin',
    dataPage: 'login',
    heading: (_f, lng) => text('mfe_admin', lng, 'login.title'),
  },
  {
    name: 'admin dashboard /admin',
    path: () => '/admin',
    remote: 'mfe_admin',
    dataPage: 'admin',
    heading: (_f, lng) => text('mfe_admin', lng, 'dashboard.title'),
    admin: true,
  },
  {
    name: 'provider page /provider/1?token=x',
    path: () => '/provider/1?token=x',
    remote: 'mfe_provider',
    dataPage: 'provider',
    heading: (_f, lng) => text('mfe_provider', lng, 'provider.title'),
  },
];

const REMOTE_DIR: Record<RemoteName, string> = {
  mfe_public: 'public',
  mfe_admin: 'admin',
  mfe_provider: 'provider',
};

const withLanguage = (path: string, language: Language) =>
  language === 'nl' ? path : `${path}${path.includes('?') ? '&' : '?'}lng=${language}`;

for (const route of ROUTES) {
  for (const language of ['nl', 'en'] as const) {
    test(`${route.name} is rendered by ${route.remote} in ${language === 'nl' ? 'Dutch' : 'English'}`, async ({
      page,
      stack,
    }) => {
      const requests = watchRequests(page);
      const csp = watchCspViolations(page);
      if (route.admin) await loginAsAdmin(page.request, stack);

      await page.goto(withLanguage(route.path(stack), language));

      const root = remoteRoot(page, route.remote, route.dataPage);
      await expect(root).toBeVisible();
      await expect(root.locator('h1')).toHaveCount(1);
      await expect(root.locator('h1')).toHaveText(route.heading(stack, language));
      if (route.extraText) await expect(root.getByText(route.extraText(language))).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // The browser prefers English (playwright.config.ts): Dutch must win without ?lng=en.
      if (language === 'nl' && !route.extraText) {
        expect(route.heading(stack, 'nl')).not.toBe(route.heading(stack, 'en'));
      }
      await expect(page.getByTestId('remote-error')).toHaveCount(0);

      // Only this route's remote is downloaded.
      await page.waitForLoadState('networkidle');
      const remotes = new Set(
        requests.map((p) => /^\/mfe\/([^/]+)\//.exec(p)?.[1]).filter((r) => r !== undefined),
      );
      expect([...remotes]).toEqual([REMOTE_DIR[route.remote]]);
      expect(csp, 'Content-Security-Policy violations').toEqual([]);
    });
  }
}

test('opening a school page requests no file under /mfe/admin/ or /mfe/provider/', async ({
  browser,
  stack,
}) => {
  // A context of its own, with nothing cached and no session.
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const requests = watchRequests(page);
    await page.goto(`/schools/${stack.demoSchool.token}`);
    await expect(remoteRoot(page, 'mfe_public', 'school').locator('h1')).toHaveText(
      stack.demoSchool.name,
    );
    await page.waitForLoadState('networkidle');

    expect(requests.filter((p) => p.startsWith('/mfe/public/')).length).toBeGreaterThan(0);
    expect(requests.filter((p) => /^\/mfe\/(admin|provider)\//.test(p))).toEqual([]);
  } finally {
    await context.close();
  }
});

// R-WEB-PROTECTED
test('/admin without a session redirects to /login, rendered by mfe_admin', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await expect(remoteRoot(page, 'mfe_admin', 'login').locator('h1')).toHaveText(
    text('mfe_admin', 'nl', 'login.title'),
  );
});

test('the language chosen with ?lng=en is remembered on the next page', async ({ page, stack }) => {
  await page.goto('/?lng=en');
  await expect(remoteRoot(page, 'mfe_public', 'landing').locator('h1')).toHaveText(
    text('mfe_public', 'en', 'landing.title'),
  );
  // The heading is English from the first byte (the gateway's first view); the scripts, which
  // keep the choice, start once it has been painted.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');

  await page.goto(`/schools/${stack.demoSchool.token}`);
  await expect(remoteRoot(page, 'mfe_public', 'school')).toBeVisible();
  await expect(page.getByText(text('mfe_public', 'en', 'school.subtitle'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
