// @vitest-environment jsdom
// R-PLATFORM-SCREENS: /platform checks the platform session itself (none: the platform login),
// lists the deployment's organisations with their counts and statuses in words, marks the
// deployment's own organisation and gives it no actions, and creates, edits, suspends (after a
// confirmation), resumes and deletes (once the slug is typed) the others.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@nsa/web-kit';
import { unmountScreen } from '@nsa/web-kit/testing/screen';
import { VALIDATION_MESSAGES } from '@nsa/contracts';
import en from '../../src/i18n/en.json';
import nl from '../../src/i18n/nl.json';
import { NAMESPACE } from '../../src/namespace';
import {
  ADMIN,
  allByTestId,
  byTestId,
  calls,
  click,
  described,
  NO_SESSION,
  openDialog,
  pageShown,
  platformAt,
  SESSION,
  settle,
  submit,
  type,
  type Answer,
} from './screen';
import { organisation } from './fixtures';

beforeAll(() => {
  initI18n({ namespace: NAMESPACE, resources: { nl, en }, search: '' });
});

afterEach(() => {
  unmountScreen();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const ORGANISATIONS = '/api/platform/organisations';
const own = organisation(1, { name: 'Stichting Naschools Leren', slug: 'naschools' });
const active = organisation(2, { name: 'Stichting West', slug: 'stichting-west' });
const suspended = organisation(3, { name: 'Kindcentrum Oost', status: 'suspended' });
const deleting = organisation(4, { name: 'Scholengroep Zuid', status: 'deleting' });
const LIST = [own, active, suspended, deleting];

const rows = (el: HTMLElement) => allByTestId(el, 'organisation-row');
const row = (el: HTMLElement, id: number) =>
  el.querySelector<HTMLElement>(`[data-testid="organisation-row"][data-organisation-id="${id}"]`)!;
const buttonsOf = (el: HTMLElement) =>
  [...el.querySelectorAll('button')].map((b) => [b.textContent, b.getAttribute('aria-label')]);
const button = (el: HTMLElement, text: string) =>
  [...el.querySelectorAll('button')].find((b) => b.textContent === text)!;

describe('the platform page (R-PLATFORM-SCREENS)', () => {
  it('sends a visitor without a platform session (401) to the platform login', async () => {
    const { container, fetch } = await platformAt('/platform', {
      'GET /api/platform/session': NO_SESSION,
    });
    expect(pageShown(container)).toBe('platform-login');
    expect(container.querySelector('h1')?.textContent).toBe(nl.platform.loginTitle);
    expect(calls(fetch, 'GET', ORGANISATIONS)).toHaveLength(0);
  });

  it('lists the organisations with their counts and statuses in words; organisation 1 is the deployment’s own, without actions', async () => {
    const { container, fetch } = await platformAt('/platform', {
      'GET /api/platform/session': SESSION,
      [`GET ${ORGANISATIONS}`]: { status: 200, body: LIST },
    });
    expect(pageShown(container)).toBe('platform');
    expect(container.querySelector('h1')?.textContent).toBe(nl.platform.title);
    expect(byTestId(container, 'platform-admin')?.textContent).toBe(`Ingelogd als ${ADMIN.name}`);
    expect(byTestId(container, 'platform-logout')?.textContent).toBe(nl.platform.logout);
    // Headings in order: the page's, then its sections'.
    const headings = [...container.querySelectorAll('h1, h2')].filter((h) => !h.closest('dialog'));
    expect(headings.map((h) => h.textContent)).toEqual([
      nl.platform.title,
      nl.platform.organisationsTitle,
      nl.platform.log.title,
    ]);
    // Sent in the page's language, so the server's messages are too.
    expect(calls(fetch, 'GET', ORGANISATIONS)[0]?.headers.get('Accept-Language')).toBe('nl');

    const table = byTestId(container, 'organisations-table')!;
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      nl.platform.col.name,
      nl.platform.col.slug,
      nl.platform.col.hosts,
      nl.platform.col.status,
      nl.platform.col.counts,
      nl.common.actions,
    ]);
    expect(rows(container).map((r) => r.querySelector('th')?.firstChild?.textContent)).toEqual([
      'Stichting Naschools Leren',
      'Stichting West',
      'Kindcentrum Oost',
      'Scholengroep Zuid',
    ]);
    expect(allByTestId(container, 'organisation-status').map((s) => s.textContent)).toEqual([
      'actief',
      'actief',
      'geschorst',
      'wordt verwijderd',
    ]);
    const counts = byTestId(row(container, 3), 'organisation-counts')!;
    expect([...counts.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'Scholen',
      'Activiteiten',
      'Aanmeldingen',
      'Beheerders',
    ]);
    expect([...counts.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      '3',
      '30',
      '300',
      '4',
    ]);
    expect(row(container, 2).textContent).toContain('stichting-west');
    expect(row(container, 2).textContent).toContain('org2.example.nl');

    // The deployment's own: marked so, no buttons.
    expect(byTestId(row(container, 1), 'organisation-own')?.textContent).toBe(nl.platform.own);
    expect(row(container, 1).querySelector('button')).toBeNull();
    expect(row(container, 1).textContent).toContain(nl.platform.ownNote);
    expect(allByTestId(container, 'organisation-own')).toHaveLength(1);
    // It answers for every host name no other organisation holds, which the hosts column says.
    expect(byTestId(row(container, 1), 'organisation-unclaimed-hosts')?.textContent).toBe(
      nl.platform.unclaimedHosts,
    );
    expect(allByTestId(container, 'organisation-unclaimed-hosts')).toHaveLength(1);
    // The others: what their status allows, each button named with the organisation.
    expect(buttonsOf(row(container, 2))).toEqual([
      ['Bewerken', 'Stichting West bewerken'],
      ['Schorsen', 'Stichting West schorsen'],
    ]);
    expect(buttonsOf(row(container, 3))).toEqual([
      ['Bewerken', 'Kindcentrum Oost bewerken'],
      ['Hervatten', 'Kindcentrum Oost hervatten'],
      ['Verwijderen', 'Kindcentrum Oost verwijderen'],
    ]);
    expect(buttonsOf(row(container, 4))).toEqual([
      ['Verwijderen', 'Scholengroep Zuid verwijderen'],
    ]);
  });

  it('says so when the list could not be loaded, loads it again on retry, and says when it is empty', async () => {
    const { container, fetch } = await platformAt('/platform', {
      'GET /api/platform/session': SESSION,
      [`GET ${ORGANISATIONS}`]: [
        { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: '-' } },
        { status: 200, body: [] },
      ],
    });
    const failed = byTestId(container, 'organisations-error')!;
    expect(failed.getAttribute('role')).toBe('alert');
    expect(failed.textContent).toContain(nl.platform.loadFailed);
    click(failed.querySelector('button')!);
    await settle();
    expect(calls(fetch, 'GET', ORGANISATIONS)).toHaveLength(2);
    expect(byTestId(container, 'organisations-error')).toBeNull();
    expect(byTestId(container, 'organisations-empty')?.textContent).toBe(nl.platform.empty);
  });

  it('logs out with POST and goes to the platform login', async () => {
    const { container, fetch } = await platformAt('/platform', {
      'GET /api/platform/session': [SESSION, NO_SESSION],
      [`GET ${ORGANISATIONS}`]: { status: 200, body: LIST },
      'POST /api/platform/logout': { status: 204 },
    });
    click(byTestId(container, 'platform-logout')!);
    await settle();
    expect(calls(fetch, 'POST', '/api/platform/logout')).toHaveLength(1);
    expect(pageShown(container)).toBe('platform-login');
  });
});

describe('a new organisation (R-PLATFORM-SCREENS)', () => {
  /** Opens the form and fills in every field; answers the open dialog. */
  function fillNewOrganisation(container: HTMLElement) {
    click(byTestId(container, 'organisation-add')!);
    const dialog = openDialog()!;
    const field = (id: string) => byTestId<HTMLInputElement>(dialog, id)!;
    type(field('organisation-slug'), 'stichting-noord');
    type(field('organisation-name'), 'Stichting Noord');
    type(
      byTestId<HTMLTextAreaElement>(dialog, 'organisation-hosts')!,
      'naschool.noord.nl\n\n  WWW.Naschool.Noord.nl \n',
    );
    type(field('organisation-public-base-url'), 'https://naschool.noord.nl');
    type(field('organisation-contact-email'), 'info@noord.nl');
    type(field('organisation-privacy-url'), 'https://noord.nl/privacy');
    type(field('organisation-admin-name'), 'Noor Noord');
    type(field('organisation-admin-email'), 'noor@noord.nl');
    return dialog;
  }

  const checkbox = (dialog: HTMLElement, lang: string) =>
    dialog.querySelector<HTMLInputElement>(`input[name="languages"][value="${lang}"]`)!;

  it('sends the form’s values, busy meanwhile, then says the first administrator got an email and reloads the list', async () => {
    let answer!: (value: Answer) => void;
    const created = organisation(5, { name: 'Stichting Noord', slug: 'stichting-noord' });
    const { container, fetch } = await platformAt('/platform', {
      'GET /api/platform/session': SESSION,
      [`GET ${ORGANISATIONS}`]: [
        { status: 200, body: [own] },
        { status: 200, body: [own, created] },
      ],
      [`POST ${ORGANISATIONS}`]: () => new Promise((resolve) => (answer = resolve)),
    });
    const status = byTestId(container, 'organisation-created')!;
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('');

    const dialog = fillNewOrganisation(container);
    expect(dialog.querySelector('h2')?.textContent).toBe(nl.platform.addTitle);
    // Dutch always (ticked, not to be unticked), English ticked to begin with.
    expect(checkbox(dialog, 'nl').checked).toBe(true);
    expect(checkbox(dialog, 'nl').disabled).toBe(true);
    expect(checkbox(dialog, 'en').checked).toBe(true);
    click(checkbox(dialog, 'tr'));
    click(checkbox(dialog, 'en'));
    await submit(dialog.querySelector('form')!);

    const [post] = calls(fetch, 'POST', ORGANISATIONS);
    expect(post?.body).toEqual({
      slug: 'stichting-noord',
      name: 'Stichting Noord',
      hosts: ['naschool.noord.nl', 'www.naschool.noord.nl'],
      publicBaseUrl: 'https://naschool.noord.nl',
      contactEmail: 'info@noord.nl',
      privacyUrl: 'https://noord.nl/privacy',
      languages: ['nl', 'tr'],
      firstAdmin: { name: 'Noor Noord', email: 'noor@noord.nl' },
    });
    const create = dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(create.disabled).toBe(true);
    expect(create.textContent).toBe(nl.common.saving);

    answer({ status: 201, body: { id: 5, slug: 'stichting-noord' } });
    await settle();
    expect(openDialog()).toBeNull();
    expect(status.textContent).toBe(
      'Stichting Noord is aangemaakt. De eerste beheerder (noor@noord.nl) heeft een e-mail ' +
        'gekregen met een link om een wachtwoord in te stellen.',
    );
    expect(calls(fetch, 'GET', ORGANISATIONS)).toHaveLength(2);
    expect(row(container, 5).textContent).toContain('Stichting Noord');
  });

  it('checks the fields before sending: the public address’s host must be one of the host names', async () => {
    const { container, fetch } = await platformAt('/platform', {
      'GET /api/platform/session': SESSION,
      [`GET ${ORGANISATIONS}`]: { status: 200, body: [own] },
    });
    const dialog = fillNewOrganisation(container);
    type(byTestId(dialog, 'organisation-public-base-url')!, 'https://elders.nl');
    await submit(dialog.querySelector('form')!);
    expect(calls(fetch, 'POST', ORGANISATIONS)).toHaveLength(0);
    const address = byTestId(dialog, 'organisation-public-base-url')!;
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(described(address).notes).toContain(VALIDATION_MESSAGES.publicAddressHost!.nl);
  });

  it('checks an empty form before sending: each field’s message by it, the first invalid one focused', async () => {
    const { container, fetch } = await platformAt('/platform', {
      'GET /api/platform/session': SESSION,
      [`GET ${ORGANISATIONS}`]: { status: 200, body: [own] },
    });
    click(byTestId(container, 'organisation-add')!);
    const dialog = openDialog()!;
    await submit(dialog.querySelector('form')!);
    expect(calls(fetch, 'POST', ORGANISATIONS)).toHaveLength(0);
    const invalid = [...dialog.querySelectorAll('[aria-invalid="true"]')].map((el) =>
      el.getAttribute('name'),
    );
    expect(invalid).toEqual([
      'slug',
      'name',
      'hosts',
      'publicBaseUrl',
      'contactEmail',
      'firstAdmin.name',
      'firstAdmin.email',
    ]);
    expect(described(byTestId(dialog, 'organisation-public-base-url')!).notes).toContain(
      VALIDATION_MESSAGES.webAddressInvalid!.nl,
    );
    expect(document.activeElement).toBe(byTestId(dialog, 'organisation-slug'));
  });

  it("shows a 400's messages by their fields (a host's and the first administrator's too), marked invalid", async () => {
    const { container } = await platformAt('/platform', {
      'GET /api/platform/session': SESSION,
      [`GET ${ORGANISATIONS}`]: { status: 200, body: [own] },
      [`POST ${ORGANISATIONS}`]: {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'De invoer is ongeldig.',
          fields: {
            slug: 'Deze slug is niet toegestaan',
            'hosts.1': 'Deze hostnaam is niet toegestaan',
            'firstAdmin.email': 'Dit adres wordt niet geaccepteerd',
          },
        },
      },
    });
    const dialog = fillNewOrganisation(container);
    await submit(dialog.querySelector('form')!);

    const slug = byTestId(dialog, 'organisation-slug')!;
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(described(slug)).toEqual({
      label: nl.platform.slug,
      notes: [nl.platform.slugHint, 'Deze slug is niet toegestaan'],
    });
    const hosts = byTestId(dialog, 'organisation-hosts')!;
    expect(hosts.getAttribute('aria-invalid')).toBe('true');
    expect(described(hosts)).toEqual({
      label: nl.platform.hosts,
      notes: [nl.platform.hostsHint, 'www.naschool.noord.nl: Deze hostnaam is niet toegestaan'],
    });
    const adminEmail = byTestId(dialog, 'organisation-admin-email')!;
    expect(adminEmail.getAttribute('aria-invalid')).toBe('true');
    expect(described(adminEmail)).toEqual({
      label: nl.platform.adminEmail,
      notes: ['Dit adres wordt niet geaccepteerd'],
    });
    const name = byTestId(dialog, 'organisation-name')!;
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(name.getAttribute('aria-describedby')).toBeNull();
    expect(dialog.querySelector('.adm-form-error[role="alert"]')?.textContent).toBe(
      nl.platform.createFailed,
    );
    expect(openDialog()).toBe(dialog);
  });

  it('shows the message of a 409 (a slug or host name already taken) and keeps the form', async () => {
    const { container } = await platformAt('/platform', {
      'GET /api/platform/session': SESSION,
      [`GET ${ORGANISATIONS}`]: { status: 200, body: [own] },
      [`POST ${ORGANISATIONS}`]: {
        status: 409,
        body: { code: 'CONFLICT', message: 'De hostnaam naschool.noord.nl is al in gebruik.' },
      },
    });
    const dialog = fillNewOrganisation(container);
    await submit(dialog.querySelector('form')!);
    expect(dialog.querySelector('.adm-form-error[role="alert"]')?.textContent).toBe(
      'De hostnaam naschool.noord.nl is al in gebruik.',
    );
    expect(openDialog()).toBe(dialog);
    expect(byTestId<HTMLInputElement>(dialog, 'organisation-slug')!.value).toBe('stichting-noord');
    expect(byTestId(container, 'organisation-created')?.textContent).toBe('');
  });
});

describe("an organisation's actions (R-PLATFORM-SCREENS)", () => {
  it('edits the name and the host names, one per line, with PATCH', async () => {
    const { container, fetch } = await platformAt('/platform', {
      'GET /api/platform/session': SESSION,
      [`GET ${ORGANISATIONS}`]: { status: 200, body: [own, active] },
      [`PATCH ${ORGANISATIONS}/2`]: (body) => ({
        status: 200,
        body: { ...active, ...(body as object) },
      }),
    });
    click(button(row(container, 2), 'Bewerken'));
    const dialog = openDialog()!;
    const hosts = byTestId<HTMLTextAreaElement>(dialog, 'organisation-hosts')!;
    expect(hosts.value).toBe('org2.example.nl');
    type(byTestId(dialog, 'organisation-edit-name')!, 'Stichting West-Brabant');
    type(hosts, 'org2.example.nl\nwest.example.nl');
    await submit(dialog.querySelector('form')!);

    expect(calls(fetch, 'PATCH', `${ORGANISATIONS}/2`).map((c) => c.body)).toEqual([
      { name: 'Stichting West-Brabant', hosts: ['org2.example.nl', 'west.example.nl'] },
    ]);
    expect(openDialog()).toBeNull();
    expect(row(container, 2).textContent).toContain('Stichting West-Brabant');
    expect(row(container, 2).textContent).toContain('west.example.nl');
  });

  it('suspends only after a confirmation that says what suspending does, with PATCH {status: suspended}', async () => {
    const { container, fetch } = await platformAt('/platform', {
      'GET /api/platform/session': SESSION,
      [`GET ${ORGANISATIONS}`]: { status: 200, body: [own, active] },
      [`PATCH ${ORGANISATIONS}/2`]: { status: 200, body: { ...active, status: 'suspended' } },
    });
    // Cancelled: nothing is sent.
    click(button(row(container, 2), 'Schorsen'));
    click(button(openDialog()!, nl.common.cancel));
    expect(openDialog()).toBeNull();
    expect(calls(fetch, 'PATCH', `${ORGANISATIONS}/2`)).toHaveLength(0);

    click(button(row(container, 2), 'Schorsen'));
    const dialog = openDialog()!;
    expect(dialog.querySelector('h2')?.textContent).toBe('Stichting West schorsen?');
    expect(
      [...byTestId(dialog, 'suspend-consequences')!.querySelectorAll('li')].map(
        (li) => li.textContent,
      ),
    ).toEqual([nl.platform.suspendPublic, nl.platform.suspendAdmins, nl.platform.suspendKept]);
    expect(nl.platform.suspendPublic).toContain('geschorst');
    expect(calls(fetch, 'PATCH', `${ORGANISATIONS}/2`)).toHaveLength(0);

    await submit(byTestId<HTMLFormElement>(dialog, 'suspend-confirm')!.form!);
    expect(calls(fetch, 'PATCH', `${ORGANISATIONS}/2`).map((c) => c.body)).toEqual([
      { status: 'suspended' },
    ]);
    expect(openDialog()).toBeNull();
    expect(byTestId(row(container, 2), 'organisation-status')?.textContent).toBe('geschorst');
    expect(buttonsOf(row(container, 2)).map(([text]) => text)).toEqual([
      'Bewerken',
      'Hervatten',
      'Verwijderen',
    ]);
  });

  it('resumes a suspended organisation with PATCH {status: active}', async () => {
    const { container, fetch } = await platformAt('/platform', {
      'GET /api/platform/session': SESSION,
      [`GET ${ORGANISATIONS}`]: { status: 200, body: [own, suspended] },
      [`PATCH ${ORGANISATIONS}/3`]: { status: 200, body: { ...suspended, status: 'active' } },
    });
    click(button(row(container, 3), 'Hervatten'));
    await settle();
    expect(calls(fetch, 'PATCH', `${ORGANISATIONS}/3`).map((c) => c.body)).toEqual([
      { status: 'active' },
    ]);
    expect(byTestId(row(container, 3), 'organisation-status')?.textContent).toBe('actief');
  });

  it('keeps the delete button disabled until the slug is typed, then sends DELETE', async () => {
    const { container, fetch } = await platformAt('/platform', {
      'GET /api/platform/session': SESSION,
      [`GET ${ORGANISATIONS}`]: [
        { status: 200, body: [own, suspended] },
        { status: 200, body: [own] },
      ],
      [`DELETE ${ORGANISATIONS}/3`]: { status: 204 },
    });
    click(button(row(container, 3), 'Verwijderen'));
    const dialog = openDialog()!;
    expect(dialog.querySelector('h2')?.textContent).toBe('Kindcentrum Oost verwijderen?');
    const confirm = byTestId<HTMLButtonElement>(dialog, 'delete-confirm')!;
    const slug = byTestId<HTMLInputElement>(dialog, 'delete-slug')!;
    expect(described(slug).label).toBe('Typ ter bevestiging de korte naam: org-3');
    expect(confirm.disabled).toBe(true);
    // Submitting anyway (Enter in the field) sends nothing.
    await submit(dialog.querySelector('form')!);
    type(slug, 'org-');
    expect(confirm.disabled).toBe(true);
    type(slug, 'Org-3');
    expect(confirm.disabled).toBe(true);
    await submit(dialog.querySelector('form')!);
    expect(calls(fetch, 'DELETE', `${ORGANISATIONS}/3`)).toHaveLength(0);

    type(slug, 'org-3');
    expect(confirm.disabled).toBe(false);
    await submit(dialog.querySelector('form')!);
    expect(calls(fetch, 'DELETE', `${ORGANISATIONS}/3`)).toHaveLength(1);
    expect(openDialog()).toBeNull();
    expect(rows(container).map((r) => r.getAttribute('data-organisation-id'))).toEqual(['1']);
  });

  it('shows why a delete did not finish (503), lists the organisation as being deleted, and tries again', async () => {
    const { container, fetch } = await platformAt('/platform', {
      'GET /api/platform/session': SESSION,
      [`GET ${ORGANISATIONS}`]: [
        { status: 200, body: [own, suspended] },
        { status: 200, body: [own, { ...suspended, status: 'deleting' }] },
        { status: 200, body: [own] },
      ],
      [`DELETE ${ORGANISATIONS}/3`]: [
        {
          status: 503,
          body: { code: 'SERVICE_UNAVAILABLE', message: 'Catalog gaf geen antwoord.' },
        },
        { status: 204 },
      ],
    });
    click(button(row(container, 3), 'Verwijderen'));
    const dialog = openDialog()!;
    type(byTestId(dialog, 'delete-slug')!, 'org-3');
    await submit(dialog.querySelector('form')!);
    const error = byTestId(dialog, 'delete-error')!;
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe('Catalog gaf geen antwoord.');
    expect(openDialog()).toBe(dialog);
    expect(byTestId(row(container, 3), 'organisation-status')?.textContent).toBe(
      'wordt verwijderd',
    );

    await submit(dialog.querySelector('form')!);
    expect(calls(fetch, 'DELETE', `${ORGANISATIONS}/3`)).toHaveLength(2);
    expect(openDialog()).toBeNull();
    expect(row(container, 3)).toBeNull();
  });
});
