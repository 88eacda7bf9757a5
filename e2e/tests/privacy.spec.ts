// The privacy screen (R-PRIVACY-SCREEN, R-PRIVACY-EXPORT, R-PRIVACY-ERASE): reached from the
// dashboard, it shows the retention period and the last report; by keyboard only, an email's
// records are exported as a JSON download and erased after a confirmation, after which the
// export finds nothing; at 390 and 1366 px in nl and en it scrolls no sideways, has no axe-core
// violations and is photographed.
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { PrivacyExport } from '@nsa/contracts';
import { apiGet, birthDateForAge, createCatalog, signUp, unique } from '../lib/data.js';
import { expect, loginAsAdmin, remoteRoot, test, text } from './fixtures.js';

test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: 1366, height: 768 } });

async function noSidewaysScroll(page: Page, what: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `${what}: no sideways scroll`).toBeLessThanOrEqual(widths.client);
}

test.describe('privacy screen', () => {
  test.beforeEach(async ({ page, request, stack }) => {
    await loginAsAdmin(request, stack);
    await loginAsAdmin(page.request, stack);
  });

  test('exports and erases an email by keyboard, and fits 390 and 1366 px in nl and en', async ({
    page,
    request,
  }) => {
    const t = (key: string) => text('mfe_admin', 'nl', key);
    const tag = unique();
    const email = `privacy-${tag}@example.nl`;
    const catalog = await createCatalog(request, `Privacy ${tag}`, [
      { title: `Privacy ${tag}`, capacity: 3 },
    ]);
    const signup = await signUp(request, catalog.school.accessToken, {
      activityId: catalog.activities[0]!.id,
      childFirstName: 'Pien',
      childLastName: `Privacy ${tag}`,
      childDateOfBirth: birthDateForAge(8),
      childGroup: 'groep5',
      parentName: `Ouder ${tag}`,
      email,
      phone: '0612345678',
    });

    const root = remoteRoot(page, 'mfe_admin', 'admin-privacy');
    await page.goto('/admin');
    await remoteRoot(page, 'mfe_admin', 'admin')
      .getByRole('link', { name: new RegExp(t('dashboard.cards.privacy.title')) })
      .click();
    await expect(root.getByRole('heading', { level: 1, name: t('privacy.title') })).toBeVisible();
    await expect(root.getByTestId('privacy-period')).toHaveText(
      text('mfe_admin', 'nl', 'privacy.periodValue_other').replace('{{count}}', '12'),
    );

    // Keyboard only: type the address, Enter exports (a JSON download).
    await root.getByLabel(t('privacy.email'), { exact: true }).focus();
    await page.keyboard.type(email);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Enter'),
    ]);
    expect(download.suggestedFilename()).toMatch(/^privacy-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as PrivacyExport;
    expect(
      exported.services.registrations!.records.some(
        (r) => r.table === 'registrations' && r.fields.id === signup.id,
      ),
    ).toBe(true);

    // Tab to Erase, Enter opens the confirmation, which names the address; Enter confirms.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(root.getByTestId('privacy-erase')).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: t('privacy.eraseTitle') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('privacy-erase-email')).toHaveText(email);
    await page.screenshot({
      path: path.join(test.info().project.outputDir, 'screenshots', 'admin-privacy-confirm.png'),
    });
    await dialog.getByTestId('privacy-erase-confirm').focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(root.getByTestId('privacy-report')).toContainText(t('privacy.triggers.request'));
    const after = await apiGet<PrivacyExport>(
      request,
      `/api/admin/privacy/export?email=${encodeURIComponent(email)}`,
    );
    expect(after.count).toBe(0);

    const dir = path.join(test.info().project.outputDir, 'screenshots');
    fs.mkdirSync(dir, { recursive: true });
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const language of ['nl', 'en'] as const) {
        await page.goto(`/admin/privacy?lng=${language}`);
        await expect(
          root.getByRole('heading', {
            level: 1,
            name: text('mfe_admin', language, 'privacy.title'),
          }),
        ).toBeVisible();
        await expect(root.getByTestId('privacy-report')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await noSidewaysScroll(page, `/admin/privacy at ${width} px in ${language}`);
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(
          violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          `axe-core at ${width} px in ${language}`,
        ).toEqual([]);
        await page.screenshot({
          path: path.join(dir, `admin-privacy-${width}-${language}.png`),
          fullPage: true,
        });
      }
    }
  });
});
