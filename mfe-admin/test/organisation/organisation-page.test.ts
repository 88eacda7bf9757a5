// @vitest-environment jsdom
// R-ORG-SETTINGS: /admin/organisation loads the organisation's settings into a form, saves them
// with PUT and says so, checks them first (the retention period's range), asks before turning
// two-step login on or shortening the retention period, keeps Dutch among the public pages'
// languages, shows the server's field messages by their fields, and shows an organisation's
// settings that are the installation's read-only, with where they are changed.
import { act, createElement as h } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@nsa/web-kit';
import { mountScreen, unmountScreen } from '@nsa/web-kit/testing/screen';
import { VALIDATION_MESSAGES, type OrganisationSettings } from '@nsa/contracts';
import { OrganisationPage } from '../../src/organisation/pages/OrganisationPage';
import { webHref } from '../../src/organisation/lib/organisation-form';
import en from '../../src/i18n/en.json';
import nl from '../../src/i18n/nl.json';
import { NAMESPACE } from '../../src/namespace';

// jsdom has <dialog> but not its methods; the browser's focus and Escape are the e2e tests' part.
const dialogProto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
dialogProto.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
dialogProto.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
};

beforeAll(() => {
  initI18n({ namespace: NAMESPACE, resources: { nl, en }, search: '' });
});

afterEach(() => {
  unmountScreen();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const settings = (editable: boolean, over: Partial<OrganisationSettings['organisation']> = {}) =>
  ({
    organisation: {
      name: 'Stichting Naschools Leren',
      contactEmail: 'info@naschools.example.nl',
      website: 'https://www.naschools.example.nl',
      privacyUrl: null,
      mailFromName: 'Naschools',
      languages: ['nl', 'en', 'ar'],
      retentionMonths: 24,
      adminTwoStepRequired: false,
      publicBaseUrl: 'https://naschools.example.nl',
      hosts: ['naschools.example.nl', 'www.naschools.example.nl'],
      ...over,
    },
    editable,
  }) satisfies OrganisationSettings;

type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/**
 * The page while the API answers GETs with `get` (one answer per call, the last one repeated)
 * and PUTs with `put`; answers the container and the fetch mock.
 */
async function pageWith(get: Answer[], put?: (body: unknown) => Answer) {
  vi.spyOn(console, 'debug').mockImplementation(() => {});
  const gets = [...get];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://localhost').pathname;
    if (path !== '/api/settings/organisation') return new Response('{}', { status: 404 });
    const answer = await (init?.method === 'PUT'
      ? put!(JSON.parse(String(init.body)))
      : gets.length > 1
        ? gets.shift()!
        : gets[0]!);
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetch);
  const container = await mountScreen(h(OrganisationPage), '/admin/organisation');
  await settle();
  return { container, fetch };
}

/** Lets the (stubbed) API's answers arrive and React render them. */
async function settle() {
  for (let i = 0; i < 10; i += 1) await act(() => new Promise((r) => setTimeout(r, 5)));
}

const byTestId = <E extends Element = HTMLElement>(el: HTMLElement, id: string) =>
  el.querySelector<E & HTMLElement>(`[data-testid="${id}"]`);
const input = (el: HTMLElement, id: string) => byTestId<HTMLInputElement>(el, id)!;

/** Types `value` into an input the way a user does (React listens to the input event). */
function type(field: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit(el: HTMLElement) {
  act(() => {
    byTestId(el, 'organisation-form')!.dispatchEvent(
      new Event('submit', { bubbles: true, cancelable: true }),
    );
  });
  await settle();
}

/** The label and the messages a control is tied to. */
function described(el: HTMLElement, control: HTMLElement) {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return {
    label: el.querySelector(`label[for="${control.id}"]`)?.textContent,
    notes: ids.map((id) => document.getElementById(id)?.textContent),
  };
}

const puts = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
const putBody = (fetch: ReturnType<typeof vi.fn>, index = 0) =>
  JSON.parse(String((puts(fetch)[index]![1] as RequestInit).body)) as Record<string, unknown>;

/** Clicks a control the way a user does (a checkbox toggles, a button submits its form). */
function click(control: HTMLElement) {
  act(() => control.click());
}

/** The public pages' language checkboxes, by language. */
function languageBoxes(el: HTMLElement) {
  const group = byTestId(el, 'organisation-languages')!;
  return Object.fromEntries(
    [...group.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].map((box) => [
      box.value,
      box,
    ]),
  );
}

/** The open confirmation (rendered where the page is). */
const openDialog = () => document.querySelector<HTMLDialogElement>('dialog[open]');

describe('the organisation page (R-ORG-SETTINGS)', () => {
  it('loads the settings into labelled fields and shows the public address and host names', async () => {
    const { container } = await pageWith([{ status: 200, body: settings(true) }]);
    expect(container.querySelector('h1')?.textContent).toBe(nl.organisation.title);
    expect(container.textContent).toContain(nl.organisation.intro);
    expect(input(container, 'organisation-name').value).toBe('Stichting Naschools Leren');
    expect(input(container, 'organisation-contact-email').value).toBe('info@naschools.example.nl');
    expect(input(container, 'organisation-website').value).toBe('https://www.naschools.example.nl');
    expect(input(container, 'organisation-privacy-url').value).toBe('');
    expect(described(container, input(container, 'organisation-name')).label).toBe(
      nl.organisation.name,
    );
    expect(described(container, input(container, 'organisation-privacy-url'))).toEqual({
      label: nl.organisation.privacyUrl,
      notes: [nl.organisation.privacyUrlHint],
    });
    const address = byTestId(container, 'organisation-address')!;
    expect(address.querySelector('a')?.getAttribute('href')).toBe('https://naschools.example.nl/');
    expect([...address.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'naschools.example.nl',
      'www.naschools.example.nl',
    ]);
    expect(address.querySelector('input')).toBeNull();
    expect(byTestId(container, 'organisation-read-only-note')).toBeNull();
    expect(byTestId(container, 'organisation-saved')?.getAttribute('role')).toBe('status');
    expect(byTestId(container, 'organisation-saved')?.textContent).toBe('');
  });

  it('saves the four settings with PUT, busy meanwhile, and then says so in a status message', async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    const saved = settings(true, {
      name: 'Stichting Naschools',
      privacyUrl: 'https://www.naschools.example.nl/privacy',
    });
    const { container, fetch } = await pageWith(
      [{ status: 200, body: settings(true) }],
      () => new Promise((resolve) => (answer = resolve)),
    );
    type(input(container, 'organisation-name'), 'Stichting Naschools');
    type(input(container, 'organisation-privacy-url'), 'https://www.naschools.example.nl/privacy');
    await submit(container);

    const [call] = puts(fetch);
    expect(call?.[0]).toBe('/api/settings/organisation');
    expect(JSON.parse(String((call![1] as RequestInit).body))).toEqual({
      name: 'Stichting Naschools',
      contactEmail: 'info@naschools.example.nl',
      website: 'https://www.naschools.example.nl',
      privacyUrl: 'https://www.naschools.example.nl/privacy',
      mailFromName: 'Naschools',
      languages: ['nl', 'en', 'ar'],
      retentionMonths: 24,
      adminTwoStepRequired: false,
    });
    const save = byTestId<HTMLButtonElement>(container, 'organisation-save')!;
    expect(save.disabled).toBe(true);
    expect(save.getAttribute('aria-busy')).toBe('true');
    expect(save.textContent).toBe(nl.common.saving);

    answer({ status: 200, body: saved });
    await settle();
    expect(save.disabled).toBe(false);
    expect(save.textContent).toBe(nl.common.save);
    expect(byTestId(container, 'organisation-saved')?.textContent).toBe(nl.organisation.saved);
    expect(byTestId(container, 'organisation-save-error')).toBeNull();

    // A change afterwards: the message no longer says what the fields hold.
    type(input(container, 'organisation-name'), 'Stichting Naschools Leren');
    expect(byTestId(container, 'organisation-saved')?.textContent).toBe('');
  });

  it("shows a 400's field messages by their fields, marked invalid", async () => {
    const { container, fetch } = await pageWith([{ status: 200, body: settings(true) }], () => ({
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'De invoer is ongeldig.',
        fields: {
          contactEmail: 'Dit e-mailadres wordt niet geaccepteerd',
          privacyUrl: 'Deze pagina is niet bereikbaar',
        },
      },
    }));
    type(input(container, 'organisation-privacy-url'), 'https://www.naschools.example.nl/privacy');
    await submit(container);
    expect(puts(fetch)).toHaveLength(1);

    const email = input(container, 'organisation-contact-email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(described(container, email).notes).toEqual(['Dit e-mailadres wordt niet geaccepteerd']);
    const privacy = input(container, 'organisation-privacy-url');
    expect(privacy.getAttribute('aria-invalid')).toBe('true');
    expect(described(container, privacy).notes).toEqual([
      nl.organisation.privacyUrlHint,
      'Deze pagina is niet bereikbaar',
    ]);
    const name = input(container, 'organisation-name');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(name.getAttribute('aria-describedby')).toBeNull();
    expect(byTestId(container, 'organisation-save-error')?.textContent).toBe(
      nl.organisation.saveFailed,
    );
    expect(byTestId(container, 'organisation-saved')?.textContent).toBe('');
  });

  it('checks the fields before sending: a link not set yet must be filled in', async () => {
    const { container, fetch } = await pageWith([{ status: 200, body: settings(true) }]);
    await submit(container);
    expect(puts(fetch)).toHaveLength(0);
    const privacy = input(container, 'organisation-privacy-url');
    expect(privacy.getAttribute('aria-invalid')).toBe('true');
    expect(described(container, privacy).notes).toContain(
      VALIDATION_MESSAGES.webAddressInvalid!.nl,
    );
  });

  it('shows the installation’s settings read-only, with where they are changed, and no save button', async () => {
    const { container } = await pageWith([{ status: 200, body: settings(false) }]);
    expect(container.querySelector('input, textarea, select')).toBeNull();
    expect(byTestId(container, 'organisation-form')).toBeNull();
    expect(container.querySelector('button[type="submit"]')).toBeNull();
    const note = byTestId(container, 'organisation-read-only-note')!.textContent ?? '';
    expect(note).toBe(nl.organisation.readOnlyNote);
    for (const setting of [
      'ORG_NAME',
      'ORG_CONTACT_EMAIL',
      'ORG_WEBSITE',
      'ORG_PRIVACY_URL',
      'MAIL_FROM',
      'RETENTION_MONTHS',
      'ADMIN_2FA_REQUIRED',
    ]) {
      expect(note).toContain(setting);
      expect(en.organisation.readOnlyNote).toContain(setting);
    }
    const values = byTestId(container, 'organisation-values')!;
    expect([...values.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      nl.organisation.name,
      nl.organisation.contactEmail,
      nl.organisation.website,
      nl.organisation.privacyUrl,
      nl.organisation.mailFromName,
      nl.organisation.languages,
      nl.organisation.retention,
      nl.organisation.twoStep,
    ]);
    expect([...values.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      'Stichting Naschools Leren',
      'info@naschools.example.nl',
      'https://www.naschools.example.nl',
      nl.organisation.notSet,
      'Naschools',
      'NederlandsEnglishالعربية',
      '24 maanden',
      nl.organisation.no,
    ]);
    const languages = values.querySelectorAll('dd')[5]!.querySelectorAll('li');
    expect([...languages].map((li) => [li.getAttribute('lang'), li.textContent])).toEqual([
      ['nl', 'Nederlands'],
      ['en', 'English'],
      ['ar', 'العربية'],
    ]);
    expect(byTestId(container, 'organisation-address')).not.toBeNull();
  });

  it('says so when the settings could not be loaded, and loads them again on retry', async () => {
    const { container } = await pageWith([
      { status: 503, body: { success: false, code: 'SERVICE_UNAVAILABLE', message: '-' } },
      { status: 200, body: settings(true) },
    ]);
    const failed = byTestId(container, 'organisation-load-error')!;
    expect(failed.getAttribute('role')).toBe('alert');
    expect(failed.textContent).toContain(nl.organisation.loadFailed);
    act(() => failed.querySelector('button')!.click());
    await settle();
    expect(byTestId(container, 'organisation-load-error')).toBeNull();
    expect(input(container, 'organisation-name').value).toBe('Stichting Naschools Leren');
  });

  it('turns read-only when a save answers that the settings cannot be changed here (409)', async () => {
    const { container } = await pageWith(
      [
        { status: 200, body: settings(true) },
        { status: 200, body: settings(false) },
      ],
      () => ({
        status: 409,
        body: { success: false, code: 'CONFLICT', message: 'Niet te wijzigen.' },
      }),
    );
    type(input(container, 'organisation-privacy-url'), 'https://www.naschools.example.nl/privacy');
    await submit(container);
    expect(byTestId(container, 'organisation-form')).toBeNull();
    expect(byTestId(container, 'organisation-read-only-note')).not.toBeNull();
  });
});

describe('the sender name, languages, retention period and two-step login (R-ORG-SETTINGS)', () => {
  it('loads them into labelled fields, each language in its own name and language', async () => {
    const { container } = await pageWith([{ status: 200, body: settings(true) }]);
    const sender = input(container, 'organisation-mail-from-name');
    expect(sender.value).toBe('Naschools');
    expect(described(container, sender)).toEqual({
      label: nl.organisation.mailFromName,
      notes: [nl.organisation.mailFromNameHint],
    });

    const boxes = languageBoxes(container);
    expect(Object.keys(boxes)).toEqual(['nl', 'en', 'tr', 'ar', 'pl', 'uk']);
    expect(Object.values(boxes).map((box) => box.checked)).toEqual([
      true,
      true,
      false,
      true,
      false,
      false,
    ]);
    expect(
      Object.values(boxes).map((box) => {
        const name = box.closest('label')!.querySelector('span')!;
        return [name.getAttribute('lang'), name.textContent];
      }),
    ).toEqual([
      ['nl', 'Nederlands'],
      ['en', 'English'],
      ['tr', 'Türkçe'],
      ['ar', 'العربية'],
      ['pl', 'Polski'],
      ['uk', 'Українська'],
    ]);
    const group = byTestId(container, 'organisation-languages')!;
    expect(group.tagName).toBe('FIELDSET');
    expect(group.querySelector('legend')?.textContent).toBe(nl.organisation.languages);

    const months = input(container, 'organisation-retention-months');
    expect(months.value).toBe('24');
    expect(months.type).toBe('number');
    expect(described(container, months)).toEqual({
      label: nl.organisation.retentionMonths,
      notes: [nl.organisation.retentionMonthsHint],
    });

    const twoStep = input(container, 'organisation-two-step');
    expect(twoStep.checked).toBe(false);
    expect(described(container, twoStep)).toEqual({
      label: nl.organisation.twoStep,
      notes: [nl.organisation.twoStepHint],
    });
  });

  it('loads an unset sender name as empty and two-step login as on', async () => {
    const { container } = await pageWith([
      { status: 200, body: settings(true, { mailFromName: null, adminTwoStepRequired: true }) },
    ]);
    expect(input(container, 'organisation-mail-from-name').value).toBe('');
    expect(input(container, 'organisation-two-step').checked).toBe(true);
  });

  it('sends them with PUT: an emptied sender name as null, the languages in order', async () => {
    const { container, fetch } = await pageWith(
      [{ status: 200, body: settings(true, { adminTwoStepRequired: true }) }],
      (body) => ({ status: 200, body: { ...settings(true), ...(body as object) } }),
    );
    type(input(container, 'organisation-privacy-url'), 'https://www.naschools.example.nl/privacy');
    type(input(container, 'organisation-mail-from-name'), '');
    const boxes = languageBoxes(container);
    click(boxes.pl!);
    click(boxes.en!);
    type(input(container, 'organisation-retention-months'), '36');
    click(input(container, 'organisation-two-step'));
    await submit(container);

    // Turning two-step login off and a longer retention period are saved without asking.
    expect(openDialog()).toBeNull();
    expect(puts(fetch)).toHaveLength(1);
    expect(putBody(fetch)).toMatchObject({
      mailFromName: null,
      languages: ['nl', 'ar', 'pl'],
      retentionMonths: 36,
      adminTwoStepRequired: false,
    });
    expect(byTestId(container, 'organisation-saved')?.textContent).toBe(nl.organisation.saved);
  });

  it('checks the retention period before sending: a whole number of 1 to 120 months', async () => {
    const { container, fetch } = await pageWith([
      { status: 200, body: settings(true, { privacyUrl: 'https://www.naschools.example.nl/p' }) },
    ]);
    const months = input(container, 'organisation-retention-months');
    for (const wrong of ['0', '121', '12.5', '']) {
      type(months, wrong);
      await submit(container);
      expect(puts(fetch)).toHaveLength(0);
      expect(months.getAttribute('aria-invalid')).toBe('true');
      expect(described(container, months).notes).toEqual([
        nl.organisation.retentionMonthsHint,
        VALIDATION_MESSAGES.retentionMonthsRange!.nl,
      ]);
    }
    expect(openDialog()).toBeNull();

    // Once in range, the message goes and the form is sent.
    type(months, '120');
    expect(months.getAttribute('aria-invalid')).toBeNull();
    await submit(container);
    expect(puts(fetch)).toHaveLength(1);
    expect(putBody(fetch).retentionMonths).toBe(120);
  });

  it('keeps Dutch offered: ticked, not to be unticked, and always sent', async () => {
    const { container, fetch } = await pageWith(
      [
        {
          status: 200,
          body: settings(true, {
            languages: ['en'],
            privacyUrl: 'https://www.naschools.example.nl/p',
          }),
        },
      ],
      () => ({ status: 200, body: settings(true) }),
    );
    const dutch = languageBoxes(container).nl!;
    expect(dutch.checked).toBe(true);
    expect(dutch.disabled).toBe(true);
    expect(described(container, dutch).notes).toEqual([nl.organisation.languagesHint]);
    click(dutch);
    expect(languageBoxes(container).nl!.checked).toBe(true);

    await submit(container);
    expect(putBody(fetch).languages).toEqual(['nl', 'en']);
  });

  it('asks before turning two-step login on, and saves only once confirmed', async () => {
    const { container, fetch } = await pageWith(
      [{ status: 200, body: settings(true, { privacyUrl: 'https://www.naschools.example.nl/p' }) }],
      () => ({ status: 200, body: settings(true, { adminTwoStepRequired: true }) }),
    );
    click(input(container, 'organisation-two-step'));
    await submit(container);
    expect(puts(fetch)).toHaveLength(0);
    let dialog = openDialog()!;
    expect(dialog).not.toBeNull();
    expect(dialog.querySelector('h2')?.textContent).toBe(nl.organisation.confirmTitle);
    expect(byTestId(dialog, 'organisation-confirm-summary')?.textContent).toBe(
      nl.organisation.confirmTwoStep,
    );

    // Cancel: nothing is sent, the box stays ticked for another try.
    click([...dialog.querySelectorAll('button')].find((b) => b.textContent === nl.common.cancel)!);
    await settle();
    expect(openDialog()).toBeNull();
    expect(puts(fetch)).toHaveLength(0);
    expect(input(container, 'organisation-two-step').checked).toBe(true);

    await submit(container);
    dialog = openDialog()!;
    click(byTestId(dialog, 'organisation-confirm')!);
    await settle();
    expect(puts(fetch)).toHaveLength(1);
    expect(putBody(fetch).adminTwoStepRequired).toBe(true);
    expect(openDialog()).toBeNull();
    expect(byTestId(container, 'organisation-saved')?.textContent).toBe(nl.organisation.saved);
  });

  it('asks before shortening the retention period, saying older sign-ups are erased', async () => {
    const { container, fetch } = await pageWith(
      [{ status: 200, body: settings(true, { privacyUrl: 'https://www.naschools.example.nl/p' }) }],
      () => ({ status: 200, body: settings(true, { retentionMonths: 6 }) }),
    );
    type(input(container, 'organisation-retention-months'), '6');
    await submit(container);
    expect(puts(fetch)).toHaveLength(0);
    const dialog = openDialog()!;
    expect(
      [...byTestId(dialog, 'organisation-confirm-summary')!.querySelectorAll('li')].map(
        (li) => li.textContent,
      ),
    ).toEqual([
      'De bewaartermijn gaat van 24 naar 6 maanden: bij de volgende bewaarronde worden de persoonsgegevens gewist van aanmeldingen waarvan het blok meer dan 6 maanden geleden eindigde.',
      nl.organisation.confirmRetentionFinal,
    ]);
    click(byTestId(dialog, 'organisation-confirm')!);
    await settle();
    expect(puts(fetch)).toHaveLength(1);
    expect(putBody(fetch).retentionMonths).toBe(6);
  });

  it('shows them read-only for the installation’s organisation', async () => {
    const { container } = await pageWith([
      {
        status: 200,
        body: settings(false, {
          mailFromName: null,
          languages: ['nl', 'tr', 'uk'],
          retentionMonths: 1,
          adminTwoStepRequired: true,
        }),
      },
    ]);
    expect(container.querySelector('input')).toBeNull();
    const rows = Object.fromEntries(
      [...byTestId(container, 'organisation-values')!.querySelectorAll('div')].map((row) => [
        row.querySelector('dt')!.textContent,
        row.querySelector('dd')!,
      ]),
    );
    expect(rows[nl.organisation.mailFromName]?.textContent).toBe(
      nl.organisation.mailFromNameDefault,
    );
    expect(
      [...rows[nl.organisation.languages]!.querySelectorAll('li')].map((li) => [
        li.getAttribute('lang'),
        li.textContent,
      ]),
    ).toEqual([
      ['nl', 'Nederlands'],
      ['tr', 'Türkçe'],
      ['uk', 'Українська'],
    ]);
    expect(rows[nl.organisation.retention]?.textContent).toBe('1 maand');
    expect(rows[nl.organisation.twoStep]?.textContent).toBe(nl.organisation.yes);
  });
});

describe('webHref', () => {
  it('links web addresses only', () => {
    expect(webHref('https://www.example.org/privacy')).toBe('https://www.example.org/privacy');
    expect(webHref('http://example.org')).toBe('http://example.org/');
    expect(webHref('javascript:alert(1)')).toBeNull();
    expect(webHref('www.example.org')).toBeNull();
    expect(webHref('')).toBeNull();
    expect(webHref(null)).toBeNull();
  });
});
