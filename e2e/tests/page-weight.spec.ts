// Measures what the school page downloads (the budget itself is a later issue: logged here,
// not asserted). Asserts only that no admin or provider code is among it.
import { formatPageWeight, measurePageWeight } from '../lib/page-weight.js';
import { expect, remoteRoot, test } from './fixtures.js';

test('school page weight: logged, and no admin or provider code', async ({
  browser,
  stack,
}, testInfo) => {
  const weight = await measurePageWeight(browser, `/schools/${stack.demoSchool.token}`, {
    baseURL: stack.baseURL,
    ready: async (page) => {
      await expect(remoteRoot(page, 'mfe_public', 'school').locator('h1')).toHaveText(
        stack.demoSchool.name,
      );
    },
  });
  const report = formatPageWeight(weight);
  console.log(report);
  await testInfo.attach('page-weight.json', {
    body: JSON.stringify(weight, null, 2),
    contentType: 'application/json',
  });

  expect(weight.script.count).toBeGreaterThan(0);
  expect(weight.assets.filter((a) => a.path.startsWith('/mfe/public/')).length).toBeGreaterThan(0);
  expect(weight.requests.filter((p) => /^\/mfe\/(admin|provider)\//.test(p))).toEqual([]);
});
