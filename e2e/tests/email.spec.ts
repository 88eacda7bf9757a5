// The parent's emails on review (R-EMAIL-KINDS, R-EMAIL-CHOICE): approving or
// rejecting a sign-up in /admin/registrations (R-REVIEW-SCREEN: approve dialog with a
// send-email checkbox, reject dialog with an optional reason, both on by default) sends the
// parent an email with the activity's details (and the reason, when rejected), delivered to
// the mail catcher, and marks the sign-up `emailSent`.
import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminRegistration } from '@nsa/contracts';
import {
  birthDateForAge,
  createCatalog,
  registrationsOf,
  signUp,
  unique,
  type Catalog,
} from '../lib/data.js';
import { waitForEmail, type CaughtEmail } from '../lib/mail.js';
import { expect, loginAsAdmin, remoteRoot, test, text, textWith } from './fixtures.js';

const admin = (key: string) => text('mfe_admin', 'nl', key);
const adminWith = (key: string, values: Record<string, string | number>) =>
  textWith('mfe_admin', 'nl', key, values);

// The weekday as the Dutch email writes it (Wednesday: activity weekday 3).
const WEEKDAY = 3;
const WEEKDAY_NL = /woensdag/i;
const START_TIME = '16:45';

interface Scenario {
  catalog: Catalog;
  registrationId: number;
  parentEmail: string;
  childName: string;
}

/** A catalog of its own and one sign-up for its activity, made as a parent makes it. */
async function signedUpChild(request: APIRequestContext): Promise<Scenario> {
  const tag = unique();
  const catalog = await createCatalog(request, `Mail ${tag}`, [
    { title: `Mailactiviteit ${tag}`, weekday: WEEKDAY, startTime: START_TIME, capacity: 5 },
  ]);
  const parentEmail = `ouder-${tag}@example.nl`;
  const child = { first: 'Noor', last: `Mail ${tag}` };
  const created = await signUp(request, catalog.school.accessToken, {
    activityId: catalog.activities[0]!.id,
    childFirstName: child.first,
    childLastName: child.last,
    childDateOfBirth: birthDateForAge(9),
    childGroup: 'groep6',
    parentName: `Ouder ${tag}`,
    email: parentEmail,
    phone: '0687654321',
  });
  expect(created.status).toBe('new');
  return {
    catalog,
    registrationId: created.id,
    parentEmail,
    childName: `${child.first} ${child.last}`,
  };
}

function expectActivityDetails(email: CaughtEmail, { catalog, childName }: Scenario) {
  const activity = catalog.activities[0]!;
  const body = email.text ?? '';
  expect(email.subject).toContain(activity.title);
  expect(body).toContain(activity.title);
  expect(body).toContain(catalog.school.name);
  expect(body).toContain(catalog.provider.name);
  expect(body).toMatch(WEEKDAY_NL);
  expect(body).toContain(START_TIME);
  expect(body).toContain(childName);
  // The HTML part carries the same details.
  for (const part of [activity.title, catalog.school.name, catalog.provider.name, START_TIME]) {
    expect(email.html ?? '').toContain(part);
  }
}

async function registration(
  request: APIRequestContext,
  scenario: Scenario,
): Promise<AdminRegistration> {
  const all = await registrationsOf(request, scenario.catalog.activities[0]!.id);
  const found = all.find((r) => r.id === scenario.registrationId);
  expect(found, `registration ${scenario.registrationId}`).toBeDefined();
  return found!;
}

/** /admin/registrations narrowed to the scenario's activity, and the sign-up's row. */
async function openReview(page: Page, scenario: Scenario) {
  const { catalog } = scenario;
  const activity = catalog.activities[0]!;
  await page.goto('/admin/registrations');
  const panel = remoteRoot(page, 'mfe_admin', 'admin-registrations').getByTestId('signups-panel');
  await panel.getByLabel(admin('registrations.filters.activityId'), { exact: true }).selectOption({
    label: adminWith('registrations.filters.activityOption', {
      title: activity.title,
      school: catalog.school.name,
      block: catalog.block.name,
    }),
  });
  const rows = panel.getByTestId('registration-row');
  await expect(rows).toHaveCount(1);
  const row = panel.locator(
    `[data-testid="registration-row"][data-registration-id="${scenario.registrationId}"]`,
  );
  await expect(row).toHaveAttribute('data-status', 'new');
  await expect(row.getByTestId('email-sent')).toHaveAttribute('data-sent', 'false');
  return row;
}

test('approving a sign-up in /admin/registrations emails the parent the activity details and sets emailSent', async ({
  page,
  request,
  stack,
}) => {
  await loginAsAdmin(request, stack);
  await loginAsAdmin(page.request, stack);
  const scenario = await signedUpChild(request);

  const row = await openReview(page, scenario);
  await row
    .getByRole('button', {
      name: adminWith('registrations.approveOf', { name: scenario.childName }),
    })
    .click();
  const dialog = page.getByRole('dialog', { name: admin('registrations.approveTitle') });
  await expect(dialog.getByLabel(admin('registrations.sendEmail'))).toBeChecked();
  await dialog.getByRole('button', { name: admin('registrations.approve'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText(admin('registrations.done.approved'));
  await expect(row).toHaveAttribute('data-status', 'approved');

  const email = await waitForEmail(stack, {
    to: scenario.parentEmail,
    subjectIncludes: 'Aanmelding goedgekeurd',
  });
  expectActivityDetails(email, scenario);

  await expect
    .poll(async () => (await registration(request, scenario)).emailSent, { timeout: 15_000 })
    .toBe(true);
  expect((await registration(request, scenario)).status).toBe('approved');
  await page.reload();
  await expect(row.getByTestId('email-sent')).toHaveAttribute('data-sent', 'true');
});

test('rejecting a sign-up with a reason in /admin/registrations emails the parent that reason and sets emailSent', async ({
  page,
  request,
  stack,
}) => {
  await loginAsAdmin(request, stack);
  await loginAsAdmin(page.request, stack);
  const scenario = await signedUpChild(request);
  const reason = `Helaas is de groep al vol (${unique()})`;

  const row = await openReview(page, scenario);
  await row
    .getByRole('button', {
      name: adminWith('registrations.rejectOf', { name: scenario.childName }),
    })
    .click();
  const dialog = page.getByRole('dialog', { name: admin('registrations.rejectTitle') });
  await dialog.getByLabel(admin('registrations.reason')).fill(reason);
  await expect(dialog.getByLabel(admin('registrations.sendEmail'))).toBeChecked();
  await dialog.getByRole('button', { name: admin('registrations.reject'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText(admin('registrations.done.rejected'));
  await expect(row).toHaveAttribute('data-status', 'rejected');
  await expect(row.getByTestId('rejection-reason')).toContainText(reason);

  const email = await waitForEmail(stack, {
    to: scenario.parentEmail,
    subjectIncludes: 'Aanmelding niet gelukt',
  });
  expectActivityDetails(email, scenario);
  expect(email.text ?? '').toContain(reason);
  expect(email.html ?? '').toContain(reason);

  await expect
    .poll(async () => (await registration(request, scenario)).emailSent, { timeout: 15_000 })
    .toBe(true);
  expect(await registration(request, scenario)).toMatchObject({
    status: 'rejected',
    rejectionReason: reason,
  });
  await page.reload();
  await expect(row.getByTestId('email-sent')).toHaveAttribute('data-sent', 'true');
});
