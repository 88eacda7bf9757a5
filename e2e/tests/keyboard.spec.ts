// The sign-up with the keyboard alone (R-A11Y-WCAG: WCAG 2.1.1 keyboard, 2.4.3 focus order,
// docs/accessibility.md), in Dutch and in Arabic (right to left): Tab reaches an activity card's
// button, Enter opens the dialog with the focus inside it, Escape closes it and the focus is
// back on the button; the form is filled in and sent with keys only, and Escape closes the
// success view the same way. No mouse click, no fill(): only key presses and typed text.
import type { Locator, Page } from '@playwright/test';
import { birthDateForAge, createCatalog, registrationsOf, unique } from '../lib/data.js';
import {
  expect,
  isolated,
  loginAsAdmin,
  remoteRoot,
  test,
  text,
  textWith,
  type Language,
} from './fixtures.js';

const pub = (key: string, language: Language) => text('mfe_public', language, key);
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the element has the focus (the document's active element). */
const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Presses Tab until `target` has the focus, as someone without a mouse does. */
async function tabTo(page: Page, target: Locator, what: string, most = 60): Promise<number> {
  for (let presses = 1; presses <= most; presses += 1) {
    await page.keyboard.press('Tab');
    if (await focused(target)) return presses;
  }
  throw new Error(`${what}: not reached with ${most} presses of Tab`);
}

/** The focused element lies inside `container`. */
const focusInside = (container: Locator) =>
  container.evaluate((el) => el.contains(document.activeElement) && el !== document.activeElement);

for (const language of ['nl', 'ar'] as const) {
  test(`a parent signs up with the keyboard alone (${language})`, async ({
    page,
    request,
    stack,
  }) => {
    test.setTimeout(60_000);
    await loginAsAdmin(request, stack);
    const tag = unique();
    const title = `Toetsenbord ${tag}`;
    const { school, activities } = await createCatalog(request, tag, [{ title }]);
    const child = {
      first: language === 'ar' ? 'مريم' : 'Sanne',
      last: `Toets ${tag}`,
      born: birthDateForAge(8),
      parent: `Ouder ${tag}`,
      email: `toets-${tag}@example.nl`,
      phone: '0612345678',
    };

    await page.goto(`/schools/${school.accessToken}${language === 'nl' ? '' : '?lng=ar'}`);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const root = remoteRoot(page, 'mfe_public', 'school');
    const button = root
      .getByRole('article', { name: title, exact: true })
      .getByRole('button', { name: pub('activity.signUp', language) });
    await expect(button).toBeEnabled({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: pub('registration.title', language) });

    // Tab to the card's button; Enter opens the dialog with the focus inside; Escape closes
    // it and gives the focus back to the button.
    await tabTo(page, button, 'the sign-up button');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect.poll(() => focusInside(dialog), 'the focus is inside the dialog').toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(() => focused(button), 'the focus is back on the button').toBe(true);
    // The closed dialog leaves the page at its close event, a task after the focus came back.
    await expect(page.locator('dialog')).toHaveCount(0);

    // Again, and this time the form is filled in and sent with the keyboard.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect.poll(() => focusInside(dialog), 'the focus is inside the dialog').toBe(true);
    const field = (key: string) =>
      dialog.getByLabel(
        new RegExp(`^${escapeRegExp(pub(`registration.${key}`, language))}\\s*\\*?$`),
      );
    const typeInto = async (key: string, value: string) => {
      await tabTo(page, field(key), key);
      await page.keyboard.type(value);
    };
    await typeInto('childFirstName', child.first);
    await typeInto('childLastName', child.last);
    // A date field takes its parts as typed digits, in the browser's order (en-US here:
    // month, day, year), moving from part to part by itself.
    const [year, month, day] = child.born.split('-');
    await typeInto('childDateOfBirth', `${month}${day}${year}`);
    await expect(field('childDateOfBirth')).toHaveValue(child.born);
    // A closed select changes with the arrow keys: the placeholder, then groep 3, 4 and 5.
    await tabTo(page, field('childGroup'), 'childGroup');
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowDown');
    await expect(field('childGroup')).toHaveValue('groep5');
    await typeInto('parentName', child.parent);
    await typeInto('email', child.email);
    await typeInto('phone', child.phone);
    const submit = dialog.getByRole('button', {
      name: pub('registration.submit', language),
      exact: true,
    });
    await tabTo(page, submit, 'the submit button');
    await page.keyboard.press('Enter');

    const success = dialog.getByRole('status');
    await expect(success).toContainText(pub('registration.successTitle', language));
    await expect(success).toContainText(
      textWith('mfe_public', language, 'registration.successText', {
        name: isolated(`${child.first} ${child.last}`),
      }),
    );
    await expect
      .poll(() => focusInside(dialog), 'the focus stays inside the dialog on success')
      .toBe(true);
    await page.screenshot({
      path: test.info().outputPath(`keyboard-success-${language}.png`),
    });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(() => focused(button), 'the focus is back on the button').toBe(true);

    const stored = (await registrationsOf(request, activities[0]!.id)).find(
      (r) => r.email === child.email,
    );
    expect(stored, 'the sign-up is stored').toMatchObject({
      childFirstName: child.first,
      childLastName: child.last,
      childDateOfBirth: child.born,
      childGroup: 'groep5',
      parentName: child.parent,
      phone: child.phone,
    });
  });
}
