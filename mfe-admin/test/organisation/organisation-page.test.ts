// @vitest-environment jsdom
// R-ORG-SETTINGS: /admin/organisation loads the organisation's settings into a form, saves the
// four of them with PUT and says so, shows the server's field messages by their fields, and shows
// an organisation's settings that are the installation's read-only, with where they are changed.
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
    for (const setting of ['ORG_NAME', 'ORG_CONTACT_EMAIL', 'ORG_WEBSITE', 'ORG_PRIVACY_URL']) {
      expect(note).toContain(setting);
      expect(en.organisation.readOnlyNote).toContain(setting);
    }
    const values = byTestId(container, 'organisation-values')!;
    expect([...values.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      nl.organisation.name,
      nl.organisation.contactEmail,
      nl.organisation.website,
      nl.organisation.privacyUrl,
    ]);
    expect([...values.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      'Stichting Naschools Leren',
      'info@naschools.example.nl',
      'https://www.naschools.example.nl',
      nl.organisation.notSet,
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
