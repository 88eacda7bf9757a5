// The tests' view of the stack that global-setup.ts started: `stack` (its facts), helpers to
// log in as the bootstrap admin, to read a remote's texts, and to point the gateway's
// micro-frontend registry elsewhere for one test.
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { SIGN_UP_FIELD_LABELS } from '@nsa/contracts/sign-up-fields';
import { FACTS_ENV, repoRoot, type StackFacts } from '../lib/settings.js';

export { expect };

function readStackFacts(): StackFacts {
  const file = process.env[FACTS_ENV];
  if (!file || !fs.existsSync(file)) {
    throw new Error(
      `e2e: ${FACTS_ENV} is not set or names no file: the global setup did not run (start the ` +
        'tests with `npx playwright test` in e2e/, or `node scripts/test-all.mjs e2e`)',
    );
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as StackFacts;
}

export type Language = 'nl' | 'en' | 'tr' | 'ar' | 'pl' | 'uk';
export type RemoteName = 'mfe_public' | 'mfe_admin' | 'mfe_provider';
type Texts = Record<string, unknown>;

const textCache = new Map<string, Texts>();

/** Deep merge of a part's texts into the app's (parts add keys, never replace them). */
function merge(into: Texts, from: Texts): Texts {
  for (const [key, value] of Object.entries(from)) {
    const there = into[key];
    into[key] =
      there && typeof there === 'object' && value && typeof value === 'object'
        ? merge({ ...(there as Texts) }, value as Texts)
        : value;
  }
  return into;
}

/**
 * A text from a micro-frontend's (or the shell's) own i18n bundle, by dotted key, so the tests
 * check "the Dutch text" / "the English text" without copying the wording. A bundle is the
 * app's `nl.json` with the texts of its parts loaded later (`lottery.nl.json`, …).
 */
export function text(app: RemoteName | 'shell', language: Language, key: string): string {
  const dir = path.join(repoRoot, app.replace('_', '-'), 'src', 'i18n');
  let texts = textCache.get(dir + language);
  if (!texts) {
    texts = fs
      .readdirSync(dir)
      .filter((name) => name === `${language}.json` || name.endsWith(`.${language}.json`))
      .sort()
      .reduce<Texts>(
        (all, name) => merge(all, JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'))),
        {},
      );
    textCache.set(dir + language, texts);
  }
  // The sign-up form's field labels are the contracts' (`registration.childFirstName`).
  const field = app === 'mfe_public' ? /^registration\.(\w+)$/.exec(key)?.[1] : undefined;
  const label =
    field !== undefined && Object.hasOwn(SIGN_UP_FIELD_LABELS, field)
      ? SIGN_UP_FIELD_LABELS[field as keyof typeof SIGN_UP_FIELD_LABELS][language]
      : undefined;
  const value =
    label ??
    key.split('.').reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], texts);
  if (typeof value !== 'string') throw new Error(`e2e: no text ${key} in ${dir}/*${language}.json`);
  return value;
}

/**
 * A name as the public side puts it into a sentence: between Unicode's bidi isolates, so it
 * keeps its own direction (mfe-public/src/lib/isolate.ts).
 */
export function isolated(name: string): string {
  return `\u2068${name}\u2069`;
}

/** `text()` with its `{{name}}` placeholders filled in, as i18next does. */
export function textWith(
  app: RemoteName | 'shell',
  language: Language,
  key: string,
  values: Record<string, string | number>,
): string {
  return text(app, language, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** POST /api/auth/login as the bootstrap admin; the cookie lands in the request's context. */
export async function loginAsAdmin(request: APIRequestContext, facts: StackFacts): Promise<void> {
  const res = await request.post('/api/auth/login', {
    data: { email: facts.admin.email, password: facts.admin.password },
  });
  expect(res.status(), `login as ${facts.admin.email}: ${await res.text()}`).toBe(200);
}

/** The page root a remote renders: `<main data-remote data-page>`. */
export function remoteRoot(page: Page, remote: RemoteName, dataPage: string) {
  return page.locator(`main[data-remote="${remote}"][data-page="${dataPage}"]`);
}

/**
 * Runs `body` with the gateway's /mfe-registry.json rewritten by `change`, and puts the file
 * back afterwards, whatever happens. The gateway serves it with no-cache, so the next page
 * load sees the change.
 */
export async function withRegistry<T>(
  facts: StackFacts,
  change: (registry: Record<string, string>) => Record<string, string>,
  body: (restore: () => void) => Promise<T>,
): Promise<T> {
  const original = fs.readFileSync(facts.registryFile, 'utf8');
  let restored = false;
  const restore = () => {
    if (restored) return;
    fs.writeFileSync(facts.registryFile, original);
    restored = true;
  };
  const changed = change(JSON.parse(original) as Record<string, string>);
  fs.writeFileSync(facts.registryFile, `${JSON.stringify(changed, null, 2)}\n`);
  try {
    return await body(restore);
  } finally {
    restore();
  }
}

/** Paths of every request a page made; `watchRequests(page)` before the first goto. */
export function watchRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (req) => paths.push(new URL(req.url()).pathname));
  return paths;
}

/**
 * The API calls among `paths` that a page made about what it shows, leaving out the settings
 * of the host's organisation every public page reads for its footer (R-ORG-PAGES).
 */
export function apiCallsOf(paths: string[]): string[] {
  return paths.filter((p) => p.startsWith('/api/') && p !== '/api/app-config');
}

/** Console messages that report a Content-Security-Policy violation. */
export function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (
      /Content Security Policy|Refused to (execute|load|apply|evaluate|connect)/i.test(msg.text())
    ) {
      violations.push(msg.text());
    }
  });
  return violations;
}

export const test = base.extend<object, { stack: StackFacts }>({
  stack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(readStackFacts());
    },
    { scope: 'worker' },
  ],
});

const adminText = (key: string) => text('mfe_admin', 'nl', key);

/** Fills and sends the login form on /login. */
export async function fillLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  const root = remoteRoot(page, 'mfe_admin', 'login');
  await root.getByLabel(adminText('login.email')).fill(email);
  await root.getByLabel(adminText('login.password'), { exact: true }).fill(password);
  await root.getByRole('button', { name: adminText('login.submit'), exact: true }).click();
}

/** Logs in through the form and waits for the dashboard. */
export async function loginThroughForm(page: Page, email: string, password: string, name: string) {
  await fillLogin(page, email, password);
  await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 });
  await expect(remoteRoot(page, 'mfe_admin', 'admin').getByTestId('admin-user')).toHaveText(
    textWith('mfe_admin', 'nl', 'dashboard.welcome', { name }),
  );
}

/** Sets a password on /reset-password?token=… (the page a welcome or reset link opens). */
export async function setPasswordThroughLink(page: Page, link: string, password: string) {
  await page.goto(link);
  const root = remoteRoot(page, 'mfe_admin', 'reset-password');
  await expect(root.locator('h1')).toHaveText(adminText('resetPassword.title'));
  await root.getByLabel(adminText('resetPassword.newPassword'), { exact: true }).fill(password);
  await root.getByLabel(adminText('resetPassword.confirmPassword'), { exact: true }).fill(password);
  await root.getByRole('button', { name: adminText('resetPassword.submit') }).click();
  // R-ADMIN-RESET-PAGE: 'Wachtwoord gewijzigd', then /login.
  await expect(page.getByTestId('toast')).toContainText('Wachtwoord gewijzigd');
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * POST /api/schools from the page, as its screens call the API: on the page's own host name
 * (the test runner's own requests cannot reach *.localhost names).
 */
export async function createSchoolFromPage(page: Page, name: string): Promise<void> {
  const status = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/schools', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
      ).status,
    JSON.stringify({ name }),
  );
  expect(status, `POST /api/schools ${name}`).toBe(201);
}
