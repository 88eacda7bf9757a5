// @vitest-environment jsdom
// R-PLATFORM-AUDIT: /platform's log below the organisations: each entry's time, who (or the
// command line), what in words, the organisation and a change's fields; its loading, empty and
// error states; older entries a page at a time; and loaded again after an organisation changed.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@nsa/web-kit';
import { unmountScreen } from '@nsa/web-kit/testing/screen';
import en from '../../src/i18n/en.json';
import nl from '../../src/i18n/nl.json';
import { NAMESPACE } from '../../src/namespace';
import {
  allByTestId,
  byTestId,
  calls,
  click,
  NO_SESSION,
  openDialog,
  pageShown,
  platformAt,
  SESSION,
  settle,
  submit,
  type,
  type Stub,
} from './screen';
import { auditEntry, auditPage, organisation } from './fixtures';

beforeAll(() => {
  initI18n({ namespace: NAMESPACE, resources: { nl, en }, search: '' });
});

afterEach(() => {
  unmountScreen();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const AUDIT = '/api/platform/audit';
const ORGANISATIONS = '/api/platform/organisations';
const own = organisation(1, { name: 'Stichting Naschools Leren', slug: 'naschools' });
const active = organisation(2, { name: 'Stichting West', slug: 'stichting-west' });

/** /platform with a session and two organisations, the log answering `audit`. */
const platformWithLog = (audit: Stub, more: Record<string, Stub> = {}) =>
  platformAt('/platform', {
    'GET /api/platform/session': SESSION,
    [`GET ${ORGANISATIONS}`]: { status: 200, body: [own, active] },
    [`GET ${AUDIT}`]: audit,
    ...more,
  });

const log = (el: HTMLElement) => byTestId(el, 'platform-log')!;
const logRows = (el: HTMLElement) => allByTestId(el, 'platform-log-row');
const cellTexts = (el: HTMLElement, id: string) => allByTestId(el, id).map((c) => c.textContent);
/** The addresses the log was asked at, with their queries. */
const auditUrls = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(AUDIT));

describe('the platform log (R-PLATFORM-AUDIT)', () => {
  it('shows each entry’s time, who did it (the command line when no one), what in words and the organisation', async () => {
    const created = auditEntry(3, { actor: null, organisation: { id: 5, slug: 'noord' } });
    const suspended = auditEntry(2, { action: 'organisation.suspended' });
    const deleting = auditEntry(1, {
      action: 'organisation.deletion-started',
      actor: { id: 8, name: 'Bram Beheer' },
    });
    const { container } = await platformWithLog(auditPage([created, suspended, deleting]));

    const section = log(container);
    expect(section.tagName).toBe('SECTION');
    const heading = section.querySelector('h2')!;
    expect(heading.textContent).toBe(nl.platform.log.title);
    expect(section.getAttribute('aria-labelledby')).toBe(heading.id);
    const table = byTestId(container, 'platform-log-table')!;
    expect(
      [...table.querySelectorAll('thead th[scope="col"]')].map((th) => th.textContent),
    ).toEqual([
      nl.platform.log.col.at,
      nl.platform.log.col.actor,
      nl.platform.log.col.action,
      nl.platform.log.col.organisation,
      nl.platform.log.col.changes,
    ]);

    expect(logRows(container)).toHaveLength(3);
    expect(cellTexts(container, 'platform-log-actor')).toEqual([
      'Opdrachtregel',
      'Petra Platform',
      'Bram Beheer',
    ]);
    expect(cellTexts(container, 'platform-log-action')).toEqual([
      'Organisatie aangemaakt',
      'Geschorst',
      'Verwijderen begonnen',
    ]);
    expect(logRows(container).map((r) => r.querySelector('code')?.textContent)).toEqual([
      'noord',
      'stichting-west',
      'stichting-west',
    ]);
    // The time in the page's language, the moment itself for machines.
    const time = logRows(container)[0]!.querySelector('time')!;
    expect(time.dateTime).toBe(created.at);
    expect(time.textContent).toBe(
      new Intl.DateTimeFormat('nl-NL', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(created.at),
      ),
    );
    expect(time.textContent).not.toContain('T09');
    expect(byTestId(container, 'platform-log-more')).toBeNull();
  });

  it('shows the fields a change changed, before and after, and none for the other actions', async () => {
    const changed = auditEntry(2, {
      action: 'organisation.changed',
      changes: {
        name: { before: 'Stichting West', after: 'Stichting West-Brabant' },
        hosts: { before: ['a.nl'], after: ['a.nl', 'b.nl'] },
      },
    });
    const created = auditEntry(1, { changes: { name: { before: null, after: 'Stichting West' } } });
    const { container } = await platformWithLog(auditPage([changed, created]));

    const [changedRow, createdRow] = logRows(container);
    expect(cellTexts(changedRow!, 'platform-log-action')).toEqual(['Gewijzigd']);
    const lines = [...byTestId(changedRow!, 'platform-log-changes')!.querySelectorAll('li')];
    expect(lines.map((li) => li.textContent)).toEqual([
      'Naam: Stichting West → Stichting West-Brabant',
      'Hostnamen: a.nl → a.nl, b.nl',
    ]);
    expect(byTestId(createdRow!, 'platform-log-changes')).toBeNull();
  });

  it('says when nothing has happened yet, without a button for more', async () => {
    const { container } = await platformWithLog(auditPage([]));
    expect(byTestId(container, 'platform-log-empty')?.textContent).toBe(nl.platform.log.empty);
    expect(byTestId(container, 'platform-log-table')).toBeNull();
    expect(byTestId(container, 'platform-log-more')).toBeNull();
  });

  it('says so when the log could not be loaded, and loads it again on retry', async () => {
    const { container, fetch } = await platformWithLog([
      { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: '-' } },
      auditPage([auditEntry(1)]),
    ]);
    const failed = byTestId(container, 'platform-log-error')!;
    expect(failed.getAttribute('role')).toBe('alert');
    expect(failed.textContent).toContain(nl.platform.log.loadFailed);
    expect(logRows(container)).toHaveLength(0);
    // The organisations' list is there all the same.
    expect(allByTestId(container, 'organisation-row')).toHaveLength(2);

    click(failed.querySelector('button')!);
    await settle();
    expect(auditUrls(fetch)).toHaveLength(2);
    expect(byTestId(container, 'platform-log-error')).toBeNull();
    expect(logRows(container)).toHaveLength(1);
  });

  it('goes to the platform login when the session ended (401)', async () => {
    const { container } = await platformWithLog(NO_SESSION);
    expect(pageShown(container)).toBe('platform-login');
  });

  it('loads older entries with ?before=<next> and adds them below, until there are no more', async () => {
    const { container, fetch } = await platformWithLog([
      auditPage([auditEntry(60), auditEntry(59)], 59),
      auditPage([auditEntry(58, { action: 'organisation.resumed' })], 58),
      auditPage([auditEntry(57, { action: 'organisation.deleted' })], null),
    ]);
    expect(auditUrls(fetch)).toEqual([AUDIT]);
    const more = byTestId<HTMLButtonElement>(container, 'platform-log-more')!;
    expect(more.tagName).toBe('BUTTON');
    expect(more.type).toBe('button');
    expect(more.disabled).toBe(false);
    expect(more.textContent).toBe(nl.platform.log.more);

    click(more);
    await settle();
    expect(auditUrls(fetch)).toEqual([AUDIT, `${AUDIT}?before=59`]);
    expect(logRows(container)).toHaveLength(3);
    click(byTestId(container, 'platform-log-more')!);
    await settle();
    expect(auditUrls(fetch)).toEqual([AUDIT, `${AUDIT}?before=59`, `${AUDIT}?before=58`]);
    expect(cellTexts(container, 'platform-log-action')).toEqual([
      'Organisatie aangemaakt',
      'Organisatie aangemaakt',
      'Hervat',
      'Verwijderd',
    ]);
    expect(byTestId(container, 'platform-log-more')).toBeNull();
  });

  it('says so when older entries did not load, keeping those shown, and tries again', async () => {
    const { container, fetch } = await platformWithLog([
      auditPage([auditEntry(60)], 60),
      { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: '-' } },
      auditPage([auditEntry(59)], null),
    ]);
    click(byTestId(container, 'platform-log-more')!);
    await settle();
    expect(byTestId(container, 'platform-log-more-error')?.textContent).toBe(
      nl.platform.log.moreFailed,
    );
    expect(logRows(container)).toHaveLength(1);

    click(byTestId(container, 'platform-log-more')!);
    await settle();
    expect(auditUrls(fetch)).toEqual([AUDIT, `${AUDIT}?before=60`, `${AUDIT}?before=60`]);
    expect(byTestId(container, 'platform-log-more-error')).toBeNull();
    expect(logRows(container)).toHaveLength(2);
  });

  it('is loaded again after an organisation is suspended', async () => {
    const { container, fetch } = await platformWithLog(
      [
        auditPage([auditEntry(1)]),
        auditPage([auditEntry(2, { action: 'organisation.suspended' }), auditEntry(1)]),
      ],
      { [`PATCH ${ORGANISATIONS}/2`]: { status: 200, body: { ...active, status: 'suspended' } } },
    );
    expect(auditUrls(fetch)).toHaveLength(1);
    const row = container.querySelector<HTMLElement>('[data-organisation-id="2"]')!;
    click([...row.querySelectorAll('button')].find((b) => b.textContent === 'Schorsen')!);
    await submit(byTestId<HTMLButtonElement>(openDialog()!, 'suspend-confirm')!.form!);

    expect(calls(fetch, 'PATCH', `${ORGANISATIONS}/2`)).toHaveLength(1);
    expect(auditUrls(fetch)).toEqual([AUDIT, AUDIT]);
    expect(cellTexts(container, 'platform-log-action')).toEqual([
      'Geschorst',
      'Organisatie aangemaakt',
    ]);
  });

  it('starts over from the newest page when it is loaded again with something new, so no entry is left out', async () => {
    const { container, fetch } = await platformWithLog(
      [
        auditPage([auditEntry(60)], 60),
        auditPage([auditEntry(59)], null),
        auditPage([auditEntry(61, { action: 'organisation.suspended' })], 61),
      ],
      { [`PATCH ${ORGANISATIONS}/2`]: { status: 200, body: { ...active, status: 'suspended' } } },
    );
    click(byTestId(container, 'platform-log-more')!);
    await settle();
    expect(logRows(container)).toHaveLength(2);
    expect(byTestId(container, 'platform-log-more')).toBeNull();

    const row = container.querySelector<HTMLElement>('[data-organisation-id="2"]')!;
    click([...row.querySelectorAll('button')].find((b) => b.textContent === 'Schorsen')!);
    await submit(byTestId<HTMLButtonElement>(openDialog()!, 'suspend-confirm')!.form!);
    expect(cellTexts(container, 'platform-log-action')).toEqual(['Geschorst']);
    click(byTestId(container, 'platform-log-more')!);
    await settle();
    expect(auditUrls(fetch)).toEqual([AUDIT, `${AUDIT}?before=60`, AUDIT, `${AUDIT}?before=61`]);
  });

  it('is loaded again after a delete, even one that did not finish', async () => {
    const suspended = organisation(3, { name: 'Kindcentrum Oost', status: 'suspended' });
    const { container, fetch } = await platformAt('/platform', {
      'GET /api/platform/session': SESSION,
      [`GET ${ORGANISATIONS}`]: { status: 200, body: [own, suspended] },
      [`GET ${AUDIT}`]: auditPage([auditEntry(1)]),
      [`DELETE ${ORGANISATIONS}/3`]: {
        status: 503,
        body: { code: 'SERVICE_UNAVAILABLE', message: 'Catalog gaf geen antwoord.' },
      },
    });
    const row = container.querySelector<HTMLElement>('[data-organisation-id="3"]')!;
    click([...row.querySelectorAll('button')].find((b) => b.textContent === 'Verwijderen')!);
    const dialog = openDialog()!;
    type(byTestId<HTMLInputElement>(dialog, 'delete-slug')!, 'org-3');
    await submit(dialog.querySelector('form')!);
    expect(calls(fetch, 'DELETE', `${ORGANISATIONS}/3`)).toHaveLength(1);
    expect(auditUrls(fetch)).toEqual([AUDIT, AUDIT]);
  });
});
