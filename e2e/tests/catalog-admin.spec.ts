// The catalog admin screens in the browser (R-CATALOG-SCHOOLS-SCREEN,
// R-CATALOG-BLOCKS-SCREEN, R-CATALOG-PROVIDERS-SCREEN, R-CATALOG-ACTIVITIES-SCREEN,
// R-PROVIDER-LINK-STATES): creating through the dialogs,
// copying a school's URL, QR downloads, lock and hide toggles, provider links, and deleting a
// school that still has activities.
import fs from 'node:fs';
import type { APIRequestContext, Dialog, Download, Locator, Page } from '@playwright/test';
import type { ActivityView, School } from '@nsa/contracts';
import { apiGet, createCatalog, createProvider, unique } from '../lib/data.js';
import { expect, loginAsAdmin, remoteRoot, test, text, textWith } from './fixtures.js';

const admin = (key: string) => text('mfe_admin', 'nl', key);

/** An activity row's action, from the row's menu (R-ADMIN-ACTIVITIES-FILTER). */
async function fromRowMenu(row: Locator, title: string, item: string) {
  await row
    .getByRole('button', { name: textWith('mfe_admin', 'nl', 'activities.actionsOf', { title }) })
    .click();
  await row.getByRole('menuitem', { name: item, exact: true }).click();
}
const adminWith = (key: string, values: Record<string, string | number>) =>
  textWith('mfe_admin', 'nl', key, values);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// catalog/catalog.css of mfe-admin: locked rows a red tint, hidden rows a grey one
// (R-CATALOG-ACTIVITIES-SCREEN).
const LOCKED_TINT = 'rgb(253, 236, 234)';
const HIDDEN_TINT = 'rgb(238, 240, 242)';

/** Accepts every browser confirm() and keeps its text. */
function acceptDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

async function savedPng(download: Download, path: string): Promise<Buffer> {
  await download.saveAs(path);
  return fs.readFileSync(path);
}

const rowBackground = (row: ReturnType<Page['locator']>) =>
  row.evaluate((el) => getComputedStyle(el).backgroundColor);

test.describe('catalog admin screens', () => {
  test.beforeEach(async ({ page, stack }) => {
    await loginAsAdmin(page.request, stack);
  });

  test('creates a school, block, provider and activity through the screens; the copied school URL opens its page', async ({
    page,
    context,
    stack,
  }) => {
    const tag = unique();
    const schoolName = `Basisschool Scherm ${tag}`;
    const blockName = `Blok ${tag}`; // short: see unique()
    const providerName = `Aanbieder Scherm ${tag}`;
    const title = `Activiteit Scherm ${tag}`;

    // School.
    await page.goto('/admin/schools');
    const schools = remoteRoot(page, 'mfe_admin', 'admin-schools');
    await expect(schools.locator('h1')).toHaveText(admin('sections.schools'));
    await schools.getByRole('button', { name: admin('schools.add'), exact: true }).click();
    let dialog = page.getByRole('dialog', { name: admin('schools.addTitle') });
    await dialog.getByLabel(admin('schools.name')).fill(schoolName);
    await dialog.getByRole('button', { name: admin('common.add'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toast')).toContainText(admin('schools.created'));
    const schoolRow = schools.getByTestId('school-row').filter({ hasText: schoolName });
    await expect(schoolRow).toHaveCount(1);
    const token = (await schoolRow.getByTestId('school-token').textContent())?.trim() ?? '';
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    await expect(schoolRow.getByTestId('school-path')).toHaveText(`/schools/${token}`);

    // Block.
    await page.goto('/admin/blocks');
    const blocks = remoteRoot(page, 'mfe_admin', 'admin-blocks');
    await blocks.getByRole('button', { name: admin('blocks.add'), exact: true }).click();
    dialog = page.getByRole('dialog', { name: admin('blocks.addTitle') });
    await dialog.getByLabel(admin('blocks.name')).fill(blockName);
    await dialog.getByLabel(admin('blocks.weekStart')).fill('40');
    await dialog.getByLabel(admin('blocks.weekEnd')).fill('45');
    await dialog.getByRole('button', { name: admin('common.add'), exact: true }).click();
    await expect(dialog).toBeHidden();
    const blockRow = blocks.getByTestId('block-row').filter({ hasText: blockName });
    await expect(blockRow).toHaveCount(1);
    await expect(blockRow.locator('td').nth(1)).toHaveText('40');
    await expect(blockRow.locator('td').nth(2)).toHaveText('45');

    // Provider.
    await page.goto('/admin/providers');
    const providers = remoteRoot(page, 'mfe_admin', 'admin-providers');
    await providers.getByRole('button', { name: admin('providers.add'), exact: true }).click();
    dialog = page.getByRole('dialog', { name: admin('providers.addTitle') });
    await dialog.getByLabel(admin('providers.name')).fill(providerName);
    await dialog.getByRole('button', { name: admin('common.add'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(
      providers.getByTestId('provider-row').filter({ hasText: providerName }),
    ).toHaveCount(1);

    // Activity.
    await page.goto('/admin/activities');
    const activities = remoteRoot(page, 'mfe_admin', 'admin-activities');
    await activities.getByRole('button', { name: admin('activities.add'), exact: true }).click();
    dialog = page.getByRole('dialog', { name: admin('activities.addTitle') });
    await dialog.getByLabel(admin('activities.form.title'), { exact: true }).fill(title);
    await dialog
      .getByLabel(admin('activities.form.schoolId'), { exact: true })
      .selectOption({ label: schoolName });
    await dialog.getByLabel(admin('activities.form.blockId'), { exact: true }).selectOption({
      label: adminWith('activities.blockOption', { name: blockName, start: 40, end: 45 }),
    });
    await dialog
      .getByLabel(admin('activities.form.providerId'), { exact: true })
      .selectOption({ label: providerName });
    await dialog
      .getByLabel(admin('activities.form.weekday'), { exact: true })
      .selectOption({ label: admin('weekdays.3') });
    await dialog.getByLabel(admin('activities.form.startTime'), { exact: true }).fill('15:45');
    await dialog.getByLabel(admin('activities.form.capacity'), { exact: true }).fill('12');
    await dialog.getByRole('button', { name: admin('common.add'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toast')).toContainText(admin('activities.created'));

    const activityRow = activities.getByTestId('activity-row').filter({ hasText: title });
    await expect(activityRow).toHaveCount(1);
    for (const cell of [schoolName, blockName, providerName, admin('weekdays.3'), '15:45']) {
      await expect(activityRow).toContainText(cell);
    }
    await expect(activityRow.getByTestId('capacity')).toHaveText('0/12');
    await expect(activityRow).toHaveAttribute('data-locked', 'false');
    await expect(activityRow).toHaveAttribute('data-hidden', 'false');

    // Copy the school's URL to the clipboard and open what was copied.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: stack.baseURL,
    });
    await page.goto('/admin/schools');
    await schools
      .getByRole('button', { name: adminWith('schools.copyUrlOf', { name: schoolName }) })
      .click();
    await expect(page.getByTestId('toast')).toContainText(
      adminWith('schools.urlCopied', { name: schoolName }),
    );
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${stack.baseURL}/schools/${token}`);

    await page.goto(copied);
    const schoolPage = remoteRoot(page, 'mfe_public', 'school');
    await expect(schoolPage.locator('h1')).toHaveText(schoolName);
    await expect(schoolPage.getByRole('article', { name: title })).toBeVisible();
  });

  test('downloads the school QR code as qr-code-{school}.png and a block QR code as block-{id}-qr.png', async ({
    page,
    request,
    stack,
  }, testInfo) => {
    await loginAsAdmin(request, stack);
    const tag = unique();
    const { school, block } = await createCatalog(request, `QR ${tag}`, []);

    await page.goto('/admin/schools');
    const schools = remoteRoot(page, 'mfe_admin', 'admin-schools');
    await schools
      .getByRole('button', { name: adminWith('schools.qrOf', { name: school.name }) })
      .click();
    const dialog = page.getByRole('dialog', {
      name: adminWith('schools.qrTitle', { name: school.name }),
    });
    await expect(
      dialog.getByRole('img', { name: adminWith('schools.qrAlt', { name: school.name }) }),
    ).toBeVisible();
    await expect(dialog.getByTestId('qr-url')).toHaveValue(
      `${stack.baseURL}/schools/${school.accessToken}`,
    );
    const schoolDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: admin('schools.qrDownload') }).click();
    const schoolFile = await schoolDownload;
    // "E2E School QR <tag>" made file-safe: lower case, spaces as dashes.
    expect(schoolFile.suggestedFilename()).toBe(`qr-code-e2e-school-qr-${tag}.png`);
    const schoolPng = await savedPng(schoolFile, testInfo.outputPath('school-qr.png'));
    expect(schoolPng.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    await dialog.getByRole('button', { name: admin('common.closeDialog'), exact: true }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/admin/blocks');
    const blocks = remoteRoot(page, 'mfe_admin', 'admin-blocks');
    await blocks.getByTestId('block-qr-school').selectOption(String(school.id));
    const blockDownload = page.waitForEvent('download');
    await blocks
      .getByRole('button', { name: adminWith('blocks.qrOf', { name: block.name }) })
      .click();
    const blockFile = await blockDownload;
    expect(blockFile.suggestedFilename()).toBe(`block-${block.id}-qr.png`);
    const blockPng = await savedPng(blockFile, testInfo.outputPath('block-qr.png'));
    expect(blockPng.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    await expect(page.getByTestId('toast')).toContainText(admin('blocks.qrDownloaded'));
  });

  test('gives a school a new link after a confirmation; the old link no longer opens the school page (R-SCHOOL-ROTATE)', async ({
    page,
    request,
    stack,
  }) => {
    await loginAsAdmin(request, stack);
    const { school } = await createCatalog(request, `Rotatie ${unique()}`, []);
    await page.goto('/admin/schools');
    const schools = remoteRoot(page, 'mfe_admin', 'admin-schools');
    const row = schools.getByTestId('school-row').filter({ hasText: school.name });
    await expect(row.getByTestId('school-token')).toHaveText(school.accessToken);
    const rotate = row.getByRole('button', {
      name: adminWith('schools.rotateOf', { name: school.name }),
    });
    const dialog = page.getByRole('dialog', {
      name: adminWith('schools.rotateTitle', { name: school.name }),
    });
    // Cancel keeps the link.
    await rotate.click();
    await expect(dialog.getByTestId('rotate-school-summary')).toContainText(
      admin('schools.rotateOld'),
    );
    await dialog.getByRole('button', { name: admin('common.cancel'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('school-token')).toHaveText(school.accessToken);
    // Confirm, by keyboard.
    await rotate.click();
    await dialog.getByRole('button', { name: admin('schools.rotateConfirm') }).press('Enter');
    await expect(page.getByTestId('toast')).toContainText(
      adminWith('schools.rotatedText', { name: school.name }),
    );
    await expect(row.getByTestId('school-token')).not.toHaveText(school.accessToken);
    const fresh = (await row.getByTestId('school-token').textContent())!;
    expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    const old = await request.get(`/api/schools/by-token/${school.accessToken}`);
    expect(old.status()).toBe(404);
    const now = await request.get(`/api/schools/by-token/${fresh}`);
    expect(await now.json()).toEqual({ id: school.id, name: school.name });
  });

  // R-CATALOG-FLAGS: two independent flags, each flipped on its own.
  test('the lock and hide toggles change the row: red tint when locked, grey when hidden', async ({
    page,
    request,
    stack,
  }) => {
    // Four toggles, each two steps through the row's menu.
    test.setTimeout(60_000);
    await loginAsAdmin(request, stack);
    const title = `Vlaggen ${unique()}`;
    const { activities } = await createCatalog(request, title, [{ title }]);
    const activity = activities[0]!;
    const flags = async () =>
      (await apiGet<ActivityView[]>(request, '/api/admin/activities')).find(
        (a) => a.id === activity.id,
      );

    await page.goto('/admin/activities');
    const row = remoteRoot(page, 'mfe_admin', 'admin-activities').locator(
      `[data-testid="activity-row"][data-activity-id="${activity.id}"]`,
    );
    await expect(row).toHaveAttribute('data-locked', 'false');
    await expect(row).toHaveAttribute('data-hidden', 'false');
    const plain = await rowBackground(row);
    expect([LOCKED_TINT, HIDDEN_TINT]).not.toContain(plain);

    // Lock: red tint.
    await fromRowMenu(row, title, admin('activities.lock'));
    await expect(row).toHaveAttribute('data-locked', 'true');
    await expect(row.getByTestId('lock-badge')).toHaveText(admin('activities.locked'));
    await expect.poll(() => rowBackground(row)).toBe(LOCKED_TINT);
    expect(await flags()).toMatchObject({ isLocked: true, isHidden: false });

    // Unlock, then hide: grey tint.
    await fromRowMenu(row, title, admin('activities.unlock'));
    await expect(row).toHaveAttribute('data-locked', 'false');
    await expect.poll(() => rowBackground(row)).toBe(plain);
    await fromRowMenu(row, title, admin('activities.hide'));
    await expect(row).toHaveAttribute('data-hidden', 'true');
    await expect(row.getByTestId('hide-badge')).toHaveText(admin('activities.hidden'));
    await expect.poll(() => rowBackground(row)).toBe(HIDDEN_TINT);
    expect(await flags()).toMatchObject({ isLocked: false, isHidden: true });

    // Show again: no tint.
    await fromRowMenu(row, title, admin('activities.show'));
    await expect(row).toHaveAttribute('data-hidden', 'false');
    await expect.poll(() => rowBackground(row)).toBe(plain);
    expect(await flags()).toMatchObject({ isLocked: false, isHidden: false });
  });

  test('a provider link can be generated, regenerated and revoked; old links stop working', async ({
    page,
    playwright,
    request,
    stack,
  }) => {
    await loginAsAdmin(request, stack);
    const title = `Aanbiederslink ${unique()}`;
    const { activities } = await createCatalog(request, title, [{ title }]);
    const activity = activities[0]!;
    const confirms = acceptDialogs(page);
    // Whoever holds the link: no session at all.
    const anonymous: APIRequestContext = await playwright.request.newContext({
      baseURL: stack.baseURL,
    });
    const statusOf = async (url: string) => {
      const link = new URL(url);
      const token = link.searchParams.get('token') ?? '';
      return (
        await anonymous.get(
          `/api/provider/${activity.id}/participants?token=${encodeURIComponent(token)}`,
        )
      ).status();
    };

    try {
      await page.goto('/admin/activities');
      await fromRowMenu(
        remoteRoot(page, 'mfe_admin', 'admin-activities').locator(
          `[data-testid="activity-row"][data-activity-id="${activity.id}"]`,
        ),
        title,
        admin('activities.providerLink'),
      );
      const dialog = page.getByRole('dialog', {
        name: adminWith('providerLink.title', { title }),
      });
      const manager = dialog.getByTestId('provider-link');
      await expect(manager).toHaveAttribute('data-state', 'none');

      // Generate.
      await manager.getByRole('button', { name: admin('providerLink.actions.generate') }).click();
      await expect(manager).toHaveAttribute('data-state', 'active');
      const first = await manager.getByTestId('provider-link-url').inputValue();
      expect(first.startsWith(`${stack.baseURL}/provider/${activity.id}?token=`), first).toBe(true);
      // svc-registrations learns of the link through an event: allow it a moment.
      await expect.poll(() => statusOf(first), { timeout: 10_000 }).toBe(200);
      const participants = await anonymous.get(
        `/api/provider/${activity.id}/participants?token=${new URL(first).searchParams.get('token')}`,
      );
      expect(await participants.json()).toMatchObject({
        activity: { title },
        participantCount: 0,
        participants: [],
      });

      // Regenerate (confirmed): a new link; the old one stops working.
      await manager.getByRole('button', { name: admin('providerLink.actions.regenerate') }).click();
      await expect
        .poll(() => manager.getByTestId('provider-link-url').inputValue())
        .not.toBe(first);
      const second = await manager.getByTestId('provider-link-url').inputValue();
      expect(confirms).toContain(admin('providerLink.confirm.regenerate'));
      await expect.poll(() => statusOf(second), { timeout: 10_000 }).toBe(200);
      await expect.poll(() => statusOf(first), { timeout: 10_000 }).toBe(403);

      // Revoke (confirmed): the link stops working for good.
      await manager.getByRole('button', { name: admin('providerLink.actions.revoke') }).click();
      await expect(manager).toHaveAttribute('data-state', 'revoked');
      expect(confirms).toContain(admin('providerLink.confirm.revoke'));
      await expect(manager.getByTestId('provider-link-url')).toHaveCount(0);
      await expect.poll(() => statusOf(second), { timeout: 10_000 }).toBe(403);
      await expect(
        manager.getByRole('button', { name: admin('providerLink.actions.generateNew') }),
      ).toBeVisible();
    } finally {
      await anonymous.dispose();
    }
  });

  // R-ADMIN-CONFIRM
  test('a provider is renamed through its dialog and deleted after the confirm', async ({
    page,
    request,
    stack,
  }) => {
    await loginAsAdmin(request, stack);
    const tag = unique();
    const provider = await createProvider(request, `Aanbieder Oud ${tag}`);
    const renamed = `Aanbieder Nieuw ${tag}`;
    const confirms = acceptDialogs(page);

    await page.goto('/admin/providers');
    const providers = remoteRoot(page, 'mfe_admin', 'admin-providers');
    const editButton = providers.getByRole('button', {
      name: adminWith('providers.editOf', { name: provider.name }),
    });
    await editButton.click();
    const dialog = page.getByRole('dialog', { name: admin('providers.editTitle') });
    const nameInput = dialog.getByLabel(admin('providers.name'));
    await expect(nameInput).toHaveValue(provider.name);
    // An empty name is refused in the form, with focus on the field.
    await nameInput.fill('');
    await dialog.getByRole('button', { name: admin('common.save'), exact: true }).click();
    await expect(nameInput).toHaveAttribute('aria-invalid', 'true');
    await expect(nameInput).toBeFocused();
    await nameInput.fill(renamed);
    await expect(nameInput).not.toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: admin('common.save'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toast')).toContainText(admin('providers.updated'));
    const row = providers.getByTestId('provider-row').filter({ hasText: renamed });
    await expect(row).toHaveAttribute('data-provider-id', String(provider.id));

    await providers
      .getByRole('button', { name: adminWith('providers.deleteOf', { name: renamed }) })
      .click();
    expect(confirms).toEqual([adminWith('providers.confirmDelete', { name: renamed })]);
    await expect(page.getByTestId('toast')).toContainText(admin('providers.deleted'));
    await expect(row).toHaveCount(0);
  });

  test('a toast raised while a dialog is open shows above its backdrop and can be closed', async ({
    page,
  }) => {
    // The save fails on the server: the form stays open and says so in a toast.
    await page.route('**/api/schools', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 503,
            json: { code: 'SERVICE_UNAVAILABLE', message: 'Tijdelijk niet beschikbaar (test).' },
          })
        : route.fallback(),
    );
    await page.goto('/admin/schools');
    const schools = remoteRoot(page, 'mfe_admin', 'admin-schools');
    await schools.getByRole('button', { name: admin('schools.add'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: admin('schools.addTitle') });
    await dialog.getByLabel(admin('schools.name')).fill(`Basisschool Toast ${unique()}`);
    // Without a toast the dialog holds no live regions of the toasts.
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: admin('common.add'), exact: true }).click();

    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Tijdelijk niet beschikbaar (test).');
    await expect(dialog).toBeVisible();
    // Announced: the toast sits in the assertive live region, and that region is not inert.
    const region = page.getByRole('alert').filter({ has: toast });
    await expect(region).toHaveAttribute('aria-live', 'assertive');
    // On top: the middle of the toast is the toast itself, not the dialog's backdrop.
    const hit = await toast.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { onTop: top !== null && el.contains(top), inert: el.closest('[inert]') !== null };
    });
    expect(hit).toEqual({ onTop: true, inert: false });
    // Closable with the pointer while the dialog stays open.
    await toast.getByRole('button', { name: text('shell', 'nl', 'toast.close') }).click();
    await expect(toast).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: admin('common.cancel'), exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  // R-ADMIN-CONFIRM
  test('deleting a school that still has activities is refused (R-CATALOG-DELETE)', async ({
    page,
    request,
    stack,
  }) => {
    await loginAsAdmin(request, stack);
    const tag = unique();
    const { school } = await createCatalog(request, `Verwijder ${tag}`, [
      { title: `Blijft ${tag}` },
    ]);
    const confirms = acceptDialogs(page);

    await page.goto('/admin/schools');
    const schools = remoteRoot(page, 'mfe_admin', 'admin-schools');
    await schools
      .getByRole('button', { name: adminWith('schools.deleteOf', { name: school.name }) })
      .click();

    expect(confirms).toEqual([adminWith('schools.confirmDelete', { name: school.name })]);
    const toast = page.getByTestId('toast');
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    // R-ADMIN-ERRORS (client text) or the server's own message (R-CATALOG-DELETE: 409).
    await expect(toast).toContainText(
      /Mogelijk zijn er nog activiteiten gekoppeld aan deze school\.|Deze school kan niet worden verwijderd/,
    );
    await expect(schools.getByTestId('school-row').filter({ hasText: school.name })).toHaveCount(1);
    const all = await apiGet<School[]>(request, '/api/schools');
    expect(all.map((s) => s.id)).toContain(school.id);
  });
});
