// R-API-DOC on the running product: the gateway serves the API's description and its docs
// page; in Chromium, at phone and desktop width and under the gateway's Content-Security-Policy,
// the page shows every operation of the document and asks nothing of another origin.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../lib/settings.js';
import { expect, test } from './fixtures.js';

const committed = JSON.parse(
  fs.readFileSync(path.join(repoRoot, 'gateway', 'api-docs', 'openapi.json'), 'utf8'),
) as { paths: Record<string, Record<string, unknown>> };
const operations = Object.values(committed.paths).reduce(
  (n, item) => n + Object.keys(item).length,
  0,
);

test('the gateway serves the API description at /api/openapi.json', async ({ request }) => {
  const res = await request.get('/api/openapi.json');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/json');
  expect(await res.json()).toEqual(committed);
});

for (const width of [390, 1366]) {
  test(`the docs page at /api/docs shows every operation at ${width} px, from our own files only`, async ({
    page,
    baseURL,
  }, testInfo) => {
    // Swagger UI renders the whole document at once: slow on a busy machine.
    test.setTimeout(90_000);
    const errors: string[] = [];
    const foreign: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('request', (r) => {
      if (!r.url().startsWith(`${baseURL}/`) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'Naschoolse activiteiten API',
    );
    await expect(page.locator('.opblock')).toHaveCount(operations, { timeout: 45_000 });
    // An operation opens on its description.
    const signup = page
      .locator('.opblock.opblock-post')
      .filter({ has: page.locator('[data-path="/api/registrations"]') });
    await signup.locator('.opblock-summary').first().click();
    await expect(signup).toContainText('ACTIVITY_FULL');
    await page.screenshot({ path: testInfo.outputPath(`api-docs-${width}.png`) });
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
  });
}
