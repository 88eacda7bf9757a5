// The parents' side (R-PUBLIC-LANDING, R-PUBLIC-SCHOOL-PAGE, R-SIGNUP-FORM-FIELDS,
// R-SIGNUP-FORM-VALIDATION, R-CAL-RANGE), on a phone (390×844) and on a desktop: landing
// page, the school page with its date ranges, filters and past toggle, the sign-up dialog
// (success, validation, locked), a malformed school token, ?highlightActivity=, and axe-core
// on each of these.
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ActivityView } from '@nsa/contracts';
import {
  birthDateForAge,
  createBlock,
  createCatalog,
  registrationsOf,
  unique,
} from '../lib/data.js';
import type { StackFacts } from '../lib/settings.js';
import {
  expect,
  isolated,
  loginAsAdmin,
  remoteRoot,
  test,
  text,
  textWith,
  watchRequests,
  apiCallsOf,
  type Language,
} from './fixtures.js';

const pub = (key: string, language: Language = 'nl') => text('mfe_public', language, key);
const pubWith = (key: string, values: Record<string, string | number>, language: Language = 'nl') =>
  textWith('mfe_public', language, key, values);

const DAY_MS = 86_400_000;

/** R-CAL-RANGE: Monday of ISO week `weekStart` .. Friday of ISO week `weekEnd`, in nl-NL. */
function expectedDateRange(year: number, weekStart: number, weekEnd: number): string {
  const monday = (week: number) => {
    const jan4 = Date.UTC(year, 0, 4);
    const weekday = (new Date(jan4).getUTCDay() + 6) % 7; // Monday 0
    return jan4 - weekday * DAY_MS + (week - 1) * 7 * DAY_MS;
  };
  const format = new Intl.DateTimeFormat('nl-NL', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  return `${format.format(monday(weekStart))} t/m ${format.format(monday(weekEnd) + 4 * DAY_MS)}`;
}

/** R-CAL-CURRENT-WEEK: the current week number is the ceiling of elapsed weeks since 1 January. */
function currentWeek(today = new Date()): number {
  const jan1 = Date.UTC(today.getFullYear(), 0, 1);
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.max(1, Math.ceil((now - jan1) / (7 * DAY_MS)));
}

/** The demo school's activities as a parent's page gets them (hidden ones left out). */
async function demoActivities(
  request: APIRequestContext,
  stack: StackFacts,
): Promise<ActivityView[]> {
  const res = await request.get(`/api/activities?schoolId=${stack.demoSchool.id}`, {
    headers: { 'X-School-Token': stack.demoSchool.token },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as ActivityView[]).filter((a) => !a.isHidden);
}

const card = (page: Page, title: string) =>
  remoteRoot(page, 'mfe_public', 'school').getByRole('article', { name: title, exact: true });

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A fact (dt/dd pair) of an activity card. */
const fact = (page: Page, title: string, label: string) =>
  card(page, title)
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) })
    .locator('dd');

/** A form label: its text, then the required mark ' *'. */
const fieldLabel = (label: string) => new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`);

const signUpButton = (page: Page, title: string) =>
  card(page, title).getByRole('button', { name: pub('activity.signUp') });

const registrationDialog = (page: Page, language: Language = 'nl') =>
  page.getByRole('dialog', { name: pub('registration.title', language) });

async function expectNoAxeViolations(page: Page, what: string, include?: string) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe-core violations on ${what}`).toEqual([]);
}

const VIEWPORTS = [
  {
    name: 'phone',
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use(viewport.use);

    for (const language of ['nl', 'en'] as const) {
      // R-PUBLIC-FOOTER: about, copyright, contact address, website and privacy links.
      test(`the landing page in ${language}: three steps, contact card and footer links from /app-config.json`, async ({
        page,
        request,
      }) => {
        const config = (await (await request.get('/app-config.json')).json()) as {
          organisation: { name: string; contactEmail: string; website: string; privacyUrl: string };
        };
        const org = config.organisation;

        await page.goto(language === 'nl' ? '/' : '/?lng=en');
        const root = remoteRoot(page, 'mfe_public', 'landing');
        await expect(root.locator('h1')).toHaveText(pub('landing.title', language));
        await expect(page.locator('html')).toHaveAttribute('lang', language);

        const steps = root
          .getByRole('region', { name: pub('landing.stepsTitle', language) })
          .getByRole('listitem');
        await expect(steps).toHaveCount(3);
        for (const [i, step] of [1, 2, 3].entries()) {
          await expect(steps.nth(i)).toContainText(pub(`landing.step${step}Title`, language));
          await expect(steps.nth(i)).toContainText(pub(`landing.step${step}Text`, language));
        }

        const contact = root.getByRole('region', { name: pub('landing.contactTitle', language) });
        await expect(contact).toContainText(
          pubWith('landing.contactText', { organisation: isolated(org.name) }, language),
        );
        await expect(
          contact.getByRole('link', {
            name: pubWith('landing.contactLink', { email: isolated(org.contactEmail) }, language),
          }),
        ).toHaveAttribute('href', `mailto:${org.contactEmail}`);
        await expect(
          root.getByRole('region', { name: pub('landing.whyTitle', language) }),
        ).toContainText(pub('landing.whyText', language));

        const footer = page.locator('footer.pub-site-footer');
        await expect(footer).toContainText(
          pubWith('footer.aboutTitle', { organisation: isolated(org.name) }, language),
        );
        await expect(
          footer.getByRole('link', { name: pub('footer.website', language), exact: true }),
        ).toHaveAttribute('href', org.website);
        await expect(
          footer.getByRole('link', { name: pub('footer.privacy', language), exact: true }),
        ).toHaveAttribute('href', org.privacyUrl);
        await expect(footer.getByRole('link', { name: org.contactEmail })).toHaveAttribute(
          'href',
          `mailto:${org.contactEmail}`,
        );
        await expect(footer).toContainText(
          pubWith(
            'footer.copyright',
            { organisation: isolated(org.name), year: new Date().getFullYear() },
            language,
          ),
        );
      });
    }

    // R-PUBLIC-CARD: block, dates, provider and weekly time; R-RUN-DEMO-DATA: the demo school.
    test('the demo school page lists its activities with the R-CAL-RANGE date ranges', async ({
      page,
      request,
      stack,
    }) => {
      const activities = await demoActivities(request, stack);
      expect(activities.length).toBeGreaterThan(0);
      const year = new Date().getFullYear();

      await page.goto(`/schools/${stack.demoSchool.token}`);
      const root = remoteRoot(page, 'mfe_public', 'school');
      await expect(root.locator('h1')).toHaveText(stack.demoSchool.name);
      await expect(root.locator('.pub-activity-count')).toHaveText(
        pubWith('filter.count_other', { count: activities.length }),
      );
      await expect(root.getByRole('article')).toHaveCount(activities.length);

      for (const activity of activities) {
        const { weekStart, weekEnd } = activity.block;
        await expect(fact(page, activity.title, pub('activity.period'))).toHaveText(
          expectedDateRange(year, weekStart, weekEnd),
        );
        await expect(fact(page, activity.title, pub('activity.block'))).toHaveText(
          activity.block.name,
        );
        await expect(fact(page, activity.title, pub('activity.provider'))).toHaveText(
          activity.provider.name,
        );
        await expect(fact(page, activity.title, pub('activity.time'))).toHaveText(
          pubWith('activity.schedule', {
            weekday: pub(`weekdays.${activity.weekday}`),
            time: activity.startTime,
          }),
        );
      }
    });

    // R-PUBLIC-PAST
    test('the block filter and the past toggle narrow the list', async ({
      page,
      request,
      stack,
    }) => {
      const activities = await demoActivities(request, stack);
      const week = currentWeek();
      const past = activities.filter((a) => a.block.weekEnd < week);
      const coming = activities.filter((a) => a.block.weekEnd >= week);
      expect(past.length, 'the demo data has a past block').toBeGreaterThan(0);
      const block = coming[0]!.block;
      const inBlock = activities.filter((a) => a.block.id === block.id);

      await page.goto(`/schools/${stack.demoSchool.token}`);
      const root = remoteRoot(page, 'mfe_public', 'school');
      const articles = root.getByRole('article');
      const count = root.locator('.pub-activity-count');
      await expect(articles).toHaveCount(activities.length);
      const clear = root.getByRole('button', { name: pub('filter.clear') });
      await expect(clear).toBeDisabled();

      // Block filter: only that block's activities.
      await root.getByLabel(pub('filter.block'), { exact: true }).selectOption({
        label: pubWith('filter.blockOption', {
          name: isolated(block.name),
          start: block.weekStart,
          end: block.weekEnd,
        }),
      });
      await expect(articles).toHaveCount(inBlock.length);
      await expect(count).toHaveText(
        pubWith(inBlock.length === 1 ? 'filter.count_one' : 'filter.count_other', {
          count: inBlock.length,
        }),
      );
      for (const a of inBlock) await expect(card(page, a.title)).toBeVisible();
      await expect(clear).toBeEnabled();
      await clear.click();
      await expect(clear).toBeDisabled();
      await expect(articles).toHaveCount(activities.length);

      // Past toggle: on by default, past activities marked; off hides them.
      const toggle = root.getByLabel(pub('filter.showPast'));
      await expect(toggle).toBeChecked();
      for (const a of past) {
        await expect(card(page, a.title)).toContainText(pub('activity.past'));
      }
      await toggle.uncheck();
      await expect(articles).toHaveCount(coming.length);
      await expect(count).toHaveText(pubWith('filter.count_other', { count: coming.length }));
      for (const a of past) await expect(card(page, a.title)).toHaveCount(0);
      for (const a of coming) await expect(card(page, a.title)).toBeVisible();
      await toggle.check();
      await expect(articles).toHaveCount(activities.length);
    });

    test('the school page is no wider than the screen, also when a block has a long name', async ({
      page,
      request,
      stack,
    }) => {
      await loginAsAdmin(request, stack);
      // A realistic block name (37 characters). Blocks are global: every school's block filter
      // lists this one, so it is removed again at the end.
      const name = 'Blok 3: voorjaar, na de kerstvakantie';
      const block = await createBlock(request, { name, weekStart: 2, weekEnd: 8 });
      try {
        await page.goto(`/schools/${stack.demoSchool.token}`);
        const root = remoteRoot(page, 'mfe_public', 'school');
        await expect(root.getByRole('article').first()).toBeVisible();
        await expect(
          root
            .getByLabel(pub('filter.block'), { exact: true })
            .locator('option', { hasText: name }),
        ).toHaveCount(1);

        const width = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          screen: document.documentElement.clientWidth,
        }));
        expect(
          width.page,
          `the school page is ${width.page}px wide on a ${width.screen}px wide screen`,
        ).toBeLessThanOrEqual(width.screen);
        const clear = await root.getByRole('button', { name: pub('filter.clear') }).boundingBox();
        expect(clear, 'the clear-filter button').not.toBeNull();
        expect(clear!.x + clear!.width).toBeLessThanOrEqual(width.screen);
      } finally {
        const removed = await request.delete(`/api/blocks/${block.id}`);
        expect(removed.ok(), `DELETE /api/blocks/${block.id}`).toBe(true);
      }
    });

    // R-SIGNUP-FORM-DONE: the success view names the child; closing it closes the dialog.
    test('a full sign-up through the dialog shows the success view and is stored', async ({
      page,
      request,
      stack,
    }) => {
      await loginAsAdmin(request, stack);
      const tag = unique();
      const title = `Aanmelden ${tag}`;
      const { school, activities } = await createCatalog(request, tag, [{ title }]);
      const activity = activities[0]!;
      const child = {
        childFirstName: 'Sanne',
        childLastName: `Dialoog ${tag}`,
        childDateOfBirth: birthDateForAge(8),
        childGroup: 'groep5',
        parentName: `Ouder ${tag}`,
        email: `ouder-${tag}@example.nl`,
        phone: '0612345678',
      };

      await page.goto(`/schools/${school.accessToken}`);
      await signUpButton(page, title).click();
      const dialog = registrationDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(title);
      await expect(dialog).toContainText(school.name);

      const fillIn = async () => {
        await dialog
          .getByLabel(fieldLabel(pub('registration.childFirstName')))
          .fill(child.childFirstName);
        await dialog
          .getByLabel(fieldLabel(pub('registration.childLastName')))
          .fill(child.childLastName);
        const dob = dialog.getByLabel(fieldLabel(pub('registration.childDateOfBirth')));
        await expect(dob).toHaveAttribute('type', 'date');
        await dob.fill(child.childDateOfBirth);
        await dialog
          .getByLabel(fieldLabel(pub('registration.childGroup')))
          .selectOption({ label: pubWith('registration.group', { number: 5 }) });
        await dialog.getByLabel(fieldLabel(pub('registration.parentName'))).fill(child.parentName);
        await dialog.getByLabel(fieldLabel(pub('registration.email'))).fill(child.email);
        await dialog.getByLabel(fieldLabel(pub('registration.phone'))).fill(child.phone);
      };
      await fillIn();
      await dialog.getByRole('button', { name: pub('registration.submit'), exact: true }).click();

      const success = dialog.getByRole('status');
      await expect(success).toContainText(pub('registration.successTitle'));
      await expect(success).toContainText(
        pubWith('registration.successText', {
          name: isolated(`${child.childFirstName} ${child.childLastName}`),
        }),
      );
      await success.getByRole('button', { name: pub('registration.close'), exact: true }).click();
      await expect(dialog).toBeHidden();

      const stored = await registrationsOf(request, activity.id);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ ...child, activityId: activity.id, status: 'new' });

      // The same child again: refused by the server. The toast shows inside the open dialog,
      // above its backdrop and once (not repeated in the form), and what was typed stays.
      await signUpButton(page, title).click();
      await expect(dialog).toBeVisible();
      await fillIn();
      await dialog.getByRole('button', { name: pub('registration.submit'), exact: true }).click();
      const toast = dialog.getByTestId('toast');
      await expect(toast).toContainText(pub('registration.failedTitle'));
      await expect(toast).toContainText('Dit kind is al aangemeld voor deze activiteit.');
      await expect(dialog.getByText('Dit kind is al aangemeld voor deze activiteit.')).toHaveCount(
        1,
      );
      const box = (await toast.boundingBox())!;
      const onTop = await page.evaluate(
        ([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('[data-testid="toast"]'),
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(onTop, 'the toast is the topmost element where it is drawn').toBe(true);
      await expect(dialog.getByLabel(fieldLabel(pub('registration.childFirstName')))).toHaveValue(
        child.childFirstName,
      );
      expect(await registrationsOf(request, activity.id)).toHaveLength(1);
    });

    for (const language of ['nl', 'en'] as const) {
      test(`each validation message of the sign-up form appears (${language})`, async ({
        page,
        request,
        stack,
      }) => {
        await loginAsAdmin(request, stack);
        const tag = unique();
        const title = `Controle ${tag}`;
        const { school, activities } = await createCatalog(request, tag, [{ title }]);

        // The texts of R-SIGNUP-FORM-VALIDATION word for word: English for the required fields
        // (the schema defaults), Dutch for the group; the age rule in both.
        const specMessages: Record<string, string> =
          language === 'en'
            ? {
                childFirstName: 'Child first name is required',
                childLastName: 'Child last name is required',
                parentName: 'Parent name is required',
                email: 'Valid email is required',
                phone: 'Phone number is required',
              }
            : { childGroup: 'Selecteer de groep van uw kind' };
        const ageMessage =
          language === 'en'
            ? 'Child must be between 3 and 18 years old'
            : 'Kind moet tussen 3 en 18 jaar oud zijn';
        const lang = (key: string) => pub(`registration.${key}`, language);

        await page.goto(`/schools/${school.accessToken}${language === 'en' ? '?lng=en' : ''}`);
        await card(page, title)
          .getByRole('button', { name: pub('activity.signUp', language) })
          .click();
        const dialog = registrationDialog(page, language);
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: lang('submit'), exact: true }).click();

        const field = (key: string) => dialog.getByLabel(fieldLabel(lang(key)));
        const fields = [
          'childFirstName',
          'childLastName',
          'childDateOfBirth',
          'childGroup',
          'parentName',
          'email',
          'phone',
        ] as const;
        // Every field is marked invalid and described by its message.
        for (const key of fields) {
          await expect(field(key)).toHaveAttribute('aria-invalid', 'true');
          await expect(field(key)).toHaveAccessibleDescription(/\S/);
        }
        for (const [key, message] of Object.entries(specMessages)) {
          await expect(field(key)).toHaveAccessibleDescription(message);
        }
        await expect(dialog.getByRole('alert')).toContainText(
          pubWith('registration.checkFields_other', { count: fields.length }, language),
        );

        // A child of two, and an address that is no address.
        await field('childDateOfBirth').fill(birthDateForAge(2));
        await expect(field('childDateOfBirth')).toHaveAccessibleDescription(ageMessage);
        await field('email').fill('geen-adres');
        await dialog.getByRole('button', { name: lang('submit'), exact: true }).click();
        await expect(field('email')).toHaveAttribute('aria-invalid', 'true');
        if (language === 'en') {
          await expect(field('email')).toHaveAccessibleDescription('Valid email is required');
        }

        // Nothing was sent.
        expect(await registrationsOf(request, activities[0]!.id)).toEqual([]);
      });
    }

    // R-PUBLIC-CARD: a full badge and a disabled button; R-SIGNUP-FORM-LOCKED
    test("a locked activity's sign-up button is disabled and ?activityId= opens no dialog", async ({
      page,
      request,
      stack,
    }) => {
      await loginAsAdmin(request, stack);
      const tag = unique();
      const open = `Open ${tag}`;
      const locked = `Vol ${tag}`;
      const { school, activities } = await createCatalog(request, tag, [
        { title: open },
        { title: locked, isLocked: true },
      ]);

      await page.goto(`/schools/${school.accessToken}`);
      await expect(signUpButton(page, open)).toBeEnabled();
      await expect(signUpButton(page, locked)).toBeDisabled();
      await expect(card(page, locked)).toContainText(pub('activity.full'));
      await expect(card(page, open)).not.toContainText(pub('activity.full'));

      await page.goto(`/schools/${school.accessToken}?activityId=${activities[1]!.id}`);
      await expect(page.getByTestId('toast')).toContainText(pub('registration.lockedTitle'));
      await expect(registrationDialog(page)).toHaveCount(0);
    });

    test('a malformed school token shows the not-found card without asking the API about it', async ({
      page,
    }) => {
      const requests = watchRequests(page);
      await page.goto('/schools/nothex?lng=en');
      const root = remoteRoot(page, 'mfe_public', 'school');
      // R-PUBLIC-SCHOOL-TOKEN, word for word.
      await expect(root.locator('h1')).toHaveText('School Not Found');
      await expect(root).toContainText(
        'The requested school could not be found. Please check the URL or select a different school.',
      );
      await expect(root.getByRole('link', { name: pub('school.backHome', 'en') })).toHaveAttribute(
        'href',
        '/',
      );
      await page.waitForLoadState('networkidle');
      expect(apiCallsOf(requests)).toEqual([]);
    });

    test('?highlightActivity= opens the dialog for that activity and clears the query string', async ({
      page,
      request,
      stack,
    }) => {
      await loginAsAdmin(request, stack);
      const tag = unique();
      const first = `Eerste ${tag}`;
      const second = `Tweede ${tag}`;
      const { school, activities } = await createCatalog(request, tag, [
        { title: first },
        { title: second, weekday: 4 },
      ]);

      await page.goto(`/schools/${school.accessToken}?highlightActivity=${activities[1]!.id}`);
      const dialog = registrationDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(second);
      await expect(dialog).not.toContainText(first);
      await expect(page).toHaveURL(`${stack.baseURL}/schools/${school.accessToken}`);
    });

    test('axe-core finds no violations on the landing page, the school page and the open dialog', async ({
      page,
      request,
      stack,
    }) => {
      await loginAsAdmin(request, stack);
      const tag = unique();
      const title = `Toegankelijk ${tag}`;
      const { school } = await createCatalog(request, tag, [
        { title },
        { title: `Vol ${tag}`, isLocked: true },
      ]);

      await page.goto('/');
      await expect(remoteRoot(page, 'mfe_public', 'landing').locator('h1')).toHaveText(
        pub('landing.title'),
      );
      // The page as the remote's App draws it (the gateway's first view has no footer).
      await expect(page.locator('footer.pub-site-footer')).toBeVisible();
      await expectNoAxeViolations(page, 'the landing page');

      await page.goto(`/schools/${school.accessToken}`);
      await expect(card(page, title)).toBeVisible();
      await expectNoAxeViolations(page, 'the school page');

      await signUpButton(page, title).click();
      await expect(registrationDialog(page)).toBeVisible();
      await expectNoAxeViolations(page, 'the open sign-up dialog', 'dialog');
    });
  });
}
