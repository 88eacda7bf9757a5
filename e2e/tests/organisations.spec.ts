// R-ORG-ADD, R-ORG-HOST, R-ORG-RLS: a second organisation on the same deployment, added with
// `npm run organisation -- add`, on a host name of its own. Its administrator sets a password
// through the printed link on that host, and the two organisations' administrators then work
// side by side in two browsers, each seeing its own schools alone, a school of the same name
// in each included. The two administrators share an address, each account with its own
// password on its own host (R-ORG-ACCOUNTS).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { unique } from '../lib/data.js';
import { repoRoot } from '../lib/settings.js';
import {
  createSchoolFromPage as createSchool,
  expect,
  loginThroughForm,
  remoteRoot,
  setPasswordThroughLink,
  test,
  text,
} from './fixtures.js';

const admin = (key: string) => text('mfe_admin', 'nl', key);

test('the administrators of two organisations, each on its own host name, work side by side and each sees its own schools alone', async ({
  browser,
  stack,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = unique();
  // Chromium takes every *.localhost name to this machine.
  const host = 'tweede.localhost';
  const otherBase = `http://${host}:${stack.gatewayPort}`;
  const other = {
    // R-ORG-ACCOUNTS: the first organisation's administrator's address, another account.
    email: stack.admin.email,
    name: 'Tineke Tweede',
    password: `Tw33de-${tag}!`,
  };
  const added = spawnSync(
    process.execPath,
    [
      path.join(repoRoot, 'deploy/dist/local/identity-cli.js'),
      'organisation',
      'add',
      ...['--slug', 'tweede', '--name', 'Welzijn Tweede'],
      ...['--contact-email', 'info@tweede.example', '--public-base-url', otherBase],
      ...['--website', 'https://tweede.example', '--privacy-url', 'https://tweede.example/privacy'],
      ...['--host', host, '--admin-email', other.email, '--admin-name', other.name],
    ],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        GATEWAY_PORT: String(stack.gatewayPort),
        DATA_DIR: stack.dataDir,
        PUBLIC_BASE_URL: stack.baseURL,
        DATABASE_URL: '',
      },
    },
  );
  expect(added.status, added.stderr).toBe(0);
  const link = new RegExp(`^${otherBase}/reset-password\\?token=\\S+$`, 'm').exec(added.stdout);
  expect(link, added.stdout).not.toBeNull();

  const first = await browser.newContext({ baseURL: stack.baseURL });
  const second = await browser.newContext({ baseURL: otherBase });
  try {
    const a = await first.newPage();
    const b = await second.newPage();
    await setPasswordThroughLink(b, link![0], other.password);
    // Side by side: each logs in on its own host name.
    await loginThroughForm(a, stack.admin.email, stack.admin.password, stack.admin.name);
    await loginThroughForm(b, other.email, other.password, other.name);

    // The same school name in both, and one school of each's own.
    const shared = `Basisschool De Linde ${tag}`;
    const onlyFirst = `Basisschool Eerste ${tag}`;
    const onlySecond = `Basisschool Tweede ${tag}`;
    for (const name of [shared, onlyFirst]) await createSchool(a, name);
    for (const name of [shared, onlySecond]) await createSchool(b, name);

    for (const page of [a, b]) await page.goto('/admin/schools');
    const rowsOf = (page: Page) =>
      remoteRoot(page, 'mfe_admin', 'admin-schools').getByTestId('school-row');
    await expect(rowsOf(b).filter({ hasText: onlySecond })).toHaveCount(1);
    await expect(rowsOf(a).filter({ hasText: onlyFirst })).toHaveCount(1);
    // The second organisation has the two schools it made, and nothing of the first's.
    await expect(rowsOf(b)).toHaveCount(2);
    await expect(rowsOf(b).filter({ hasText: shared })).toHaveCount(1);
    await expect(rowsOf(b).filter({ hasText: onlyFirst })).toHaveCount(0);
    await expect(rowsOf(a).filter({ hasText: shared })).toHaveCount(1);
    await expect(rowsOf(a).filter({ hasText: onlySecond })).toHaveCount(0);
    await expect(remoteRoot(b, 'mfe_admin', 'admin-schools').locator('h1')).toHaveText(
      admin('sections.schools'),
    );
    // A copy of the first's session cookie is no session on the second's host.
    const copy = await browser.newContext({ baseURL: otherBase });
    await copy.addCookies(
      (await first.cookies()).map(({ name, value }) => ({ name, value, url: otherBase })),
    );
    const copied = await copy.newPage();
    await copied.goto('/admin/schools');
    await expect(copied).toHaveURL(/\/login$/);
    await copy.close();
    await b.screenshot({ path: testInfo.outputPath('second-organisation-schools.png') });
    // R-ORG-PAGES: each host's public pages speak for their own organisation.
    for (const page of [a, b]) await page.goto('/');
    const footerOf = (page: Page) => page.getByRole('contentinfo');
    await expect(footerOf(b)).toContainText('Welzijn Tweede');
    await expect(footerOf(b).getByRole('link', { name: 'info@tweede.example' })).toBeVisible();
    const deployment = (await (await a.request.get('/app-config.json')).json()) as {
      organisation: { name: string };
    };
    await expect(footerOf(a)).toContainText(deployment.organisation.name);
    await expect(footerOf(a)).not.toContainText('Welzijn Tweede');
    await b.screenshot({ path: testInfo.outputPath('second-organisation-landing.png') });

    // R-ORG-SETTINGS: the second organisation's administrator renames it on its settings page;
    // its public pages say the new name at once, the first organisation's do not.
    await b.goto('/admin/organisation');
    const settings = remoteRoot(b, 'mfe_admin', 'admin-organisation');
    const name = settings.getByTestId('organisation-name');
    await expect(name).toHaveValue('Welzijn Tweede');
    await name.fill('Stichting Welzijn Tweede');
    await settings.getByTestId('organisation-save').click();
    await expect(settings.getByTestId('organisation-saved')).toBeVisible();
    await b.screenshot({ path: testInfo.outputPath('second-organisation-settings.png') });
    for (const page of [a, b]) await page.goto('/');
    await expect(footerOf(b)).toContainText('Stichting Welzijn Tweede');
    await expect(footerOf(a)).not.toContainText('Welzijn Tweede');
    // The first organisation's settings are the deployment's: shown, not a form.
    await a.goto('/admin/organisation');
    const theirs = remoteRoot(a, 'mfe_admin', 'admin-organisation');
    await expect(theirs).toContainText(deployment.organisation.name);
    await expect(theirs.getByTestId('organisation-form')).toHaveCount(0);
  } finally {
    await first.close();
    await second.close();
  }
});
