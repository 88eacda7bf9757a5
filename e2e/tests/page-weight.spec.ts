// Measures what the school page downloads, in every language of the public side, and asserts
// that its JavaScript stays within 160 KiB gzip in each, that only the page's own
// language's texts are among it (R-LANG-PUBLIC), not the landing page nor its texts, and no admin
// or provider code.
import { formatPageWeight, measurePageWeight, type PageWeight } from '../lib/page-weight.js';
import { expect, remoteRoot, test, text, type Language } from './fixtures.js';

const LANGUAGES: Language[] = ['nl', 'en', 'tr', 'ar', 'pl', 'uk'];
const SCRIPT_BUDGET = 160 * 1024;

test('school page weight in every language: at most 160 KiB of JavaScript, only its own language’s texts, no admin or provider code', async ({
  browser,
  stack,
}, testInfo) => {
  test.setTimeout(120_000);
  const weights: Partial<Record<Language, PageWeight>> = {};
  for (const language of LANGUAGES) {
    const query = language === 'nl' ? '' : `?lng=${language}`;
    const weight = await measurePageWeight(browser, `/schools/${stack.demoSchool.token}${query}`, {
      baseURL: stack.baseURL,
      ready: async (page) => {
        const root = remoteRoot(page, 'mfe_public', 'school');
        await expect(root.locator('h1')).toHaveText(stack.demoSchool.name);
        await expect(root.locator('p.pub-lead')).toHaveText(
          text('mfe_public', language, 'school.subtitle'),
        );
      },
    });
    weights[language] = weight;
    console.log(`${language}: ${formatPageWeight(weight)}`);
  }
  await testInfo.attach('page-weight.json', {
    body: JSON.stringify(weights, null, 2),
    contentType: 'application/json',
  });

  for (const language of LANGUAGES) {
    const weight = weights[language]!;
    expect(weight.script.count).toBeGreaterThan(0);
    expect(weight.assets.filter((a) => a.path.startsWith('/mfe/public/')).length).toBeGreaterThan(
      0,
    );
    expect(weight.requests.filter((p) => /^\/mfe\/(admin|provider)\//.test(p))).toEqual([]);
    // The landing page and its texts load apart (R-PUBLIC-LANDING), only on /.
    expect(
      weight.requests.filter((p) => /^\/mfe\/public\/(landing|i18n-landing-[a-z]{2})\./.test(p)),
      `${language}: the landing page's files`,
    ).toEqual([]);
    // Only the page's own language's texts: a page in Arabic downloads no Dutch, and so on.
    const texts = weight.assets.filter((a) => /\/i18n-[a-z]{2}\.[0-9a-f]+\.js$/.test(a.path));
    expect(
      texts.map((a) => /\/i18n-([a-z]{2})\./.exec(a.path)![1]),
      `${language}: the texts loaded`,
    ).toEqual(language === 'nl' ? ['nl'] : [language, language]);
  }
  const over = LANGUAGES.filter((l) => weights[l]!.script.gzipBytes > SCRIPT_BUDGET).map(
    (l) => `${l}: ${(weights[l]!.script.gzipBytes / 1024).toFixed(1)} KiB`,
  );
  expect(over, 'languages whose school page has over 160 KiB gzip of JavaScript').toEqual([]);
});
