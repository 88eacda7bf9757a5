// R-PLATFORM-SCREENS: the platform screens' rules: host names one per line, what a new
// organisation's form sends, and which actions an organisation's status allows; the log's
// changes in words (R-PLATFORM-AUDIT).
import { describe, expect, it } from 'vitest';
import { PLATFORM_AUDIT_ACTIONS, VALIDATION_MESSAGES } from '@nsa/contracts';
import {
  checkNewOrganisation,
  emptyNewOrganisation,
  hostLines,
  hostsError,
  hostsText,
  newOrganisationPayload,
  organisationActions,
} from '../../src/platform/lib/platform';
import { AUDIT_ACTION_KEYS, auditChanges, auditValue } from '../../src/platform/lib/platform-audit';
import nl from '../../src/i18n/nl.json';
import { organisation } from './fixtures';

describe('host names one per line', () => {
  it('are trimmed and lower-cased, without empty lines', () => {
    expect(hostLines(' Naschool.Example.nl \r\n\n www.naschool.example.nl\n')).toEqual([
      'naschool.example.nl',
      'www.naschool.example.nl',
    ]);
    expect(hostLines('')).toEqual([]);
    expect(hostsText(['a.nl', 'b.nl'])).toBe('a.nl\nb.nl');
  });

  it("show the field's own message, else one host's with that host before it", () => {
    const withHost = (host: string, message: string) => `${host}: ${message}`;
    expect(hostsError({ hosts: 'Geef minstens één hostnaam op' }, [], withHost)).toBe(
      'Geef minstens één hostnaam op',
    );
    expect(hostsError({ 'hosts.1': 'Ongeldig' }, ['a.nl', 'b_c.nl'], withHost)).toBe(
      'b_c.nl: Ongeldig',
    );
    expect(hostsError({ 'hosts.5': 'Ongeldig' }, ['a.nl'], withHost)).toBe('Ongeldig');
    expect(hostsError({ name: 'Verplicht', 'hostsx.1': 'x' }, ['a.nl'], withHost)).toBeUndefined();
  });
});

describe('a new organisation', () => {
  it('sends Dutch with the chosen languages and leaves out links left empty', () => {
    const values = {
      ...emptyNewOrganisation(),
      slug: ' noord ',
      hosts: 'noord.nl',
      publicBaseUrl: ' https://noord.nl ',
      website: '  ',
      languages: ['uk' as const, 'en' as const],
    };
    const payload = newOrganisationPayload(values);
    expect(payload).toMatchObject({
      slug: 'noord',
      hosts: ['noord.nl'],
      publicBaseUrl: 'https://noord.nl',
      languages: ['nl', 'en', 'uk'],
    });
    expect(payload.website).toBeUndefined();
    expect(payload.privacyUrl).toBeUndefined();
    expect(emptyNewOrganisation().languages).toEqual(['en']);
  });
});

describe('checking a new organisation', () => {
  const filled = {
    ...emptyNewOrganisation(),
    slug: 'noord',
    name: 'Stichting Noord',
    hosts: 'noord.nl',
    publicBaseUrl: 'https://noord.nl',
    contactEmail: 'info@noord.nl',
    'firstAdmin.name': 'Noor',
    'firstAdmin.email': 'noor@noord.nl',
  };

  it('passes a complete form', () => {
    const result = checkNewOrganisation(filled, 'nl');
    expect(result.ok && result.data.languages).toEqual(['nl', 'en']);
  });

  it('says an address that is no address at all is one, by its field, with the other messages', () => {
    for (const publicBaseUrl of ['', 'naschool', 'https://']) {
      const result = checkNewOrganisation({ ...filled, publicBaseUrl, slug: 'N' }, 'en');
      expect(result.ok ? {} : result.errors, publicBaseUrl).toEqual({
        slug: VALIDATION_MESSAGES.slugInvalid!.en,
        publicBaseUrl: VALIDATION_MESSAGES.webAddressInvalid!.en,
      });
    }
  });

  it('says so when the public address’s host is none of the host names', () => {
    const result = checkNewOrganisation({ ...filled, publicBaseUrl: 'https://zuid.nl' }, 'nl');
    expect(result.ok ? {} : result.errors).toEqual({
      publicBaseUrl: VALIDATION_MESSAGES.publicAddressHost!.nl,
    });
  });
});

describe("an organisation's actions", () => {
  it('are none for the deployment’s own, and what the status allows for the others', () => {
    const none = { edit: false, suspend: false, resume: false, delete: false };
    expect(organisationActions(organisation(1))).toEqual(none);
    expect(organisationActions(organisation(1, { status: 'suspended' }))).toEqual(none);
    expect(organisationActions(organisation(2))).toEqual({ ...none, edit: true, suspend: true });
    expect(organisationActions(organisation(2, { status: 'suspended' }))).toEqual({
      ...none,
      edit: true,
      resume: true,
      delete: true,
    });
    expect(organisationActions(organisation(2, { status: 'deleting' }))).toEqual({
      ...none,
      delete: true,
    });
  });
});

describe("the log's changes (R-PLATFORM-AUDIT)", () => {
  it('show a value as a reader reads it: a list with commas, none as a dash', () => {
    expect(auditValue('Stichting West')).toBe('Stichting West');
    expect(auditValue(['a.nl', 'b.nl'])).toBe('a.nl, b.nl');
    expect(auditValue([])).toBe('–');
    expect(auditValue(null)).toBe('–');
    expect(auditValue(undefined)).toBe('–');
    expect(auditValue('')).toBe('–');
    expect(auditValue(3)).toBe('3');
    expect(auditValue({ a: 1 })).toBe('{"a":1}');
  });

  it('are one line per field, named in words where the screen has a word for it', () => {
    const label = (field: string) => ({ name: 'Naam' })[field] ?? field;
    expect(
      auditChanges(
        {
          name: { before: 'A', after: 'B' },
          hosts: { before: ['a.nl'], after: ['a.nl', 'b.nl'] },
        },
        label,
      ),
    ).toEqual(['Naam: A → B', 'hosts: a.nl → a.nl, b.nl']);
    expect(auditChanges(null, label)).toEqual([]);
  });

  it('have a text for every action the log records', () => {
    expect(Object.keys(AUDIT_ACTION_KEYS)).toEqual([...PLATFORM_AUDIT_ACTIONS]);
    for (const key of Object.values(AUDIT_ACTION_KEYS)) {
      expect(nl.platform.log.actions).toHaveProperty(key);
    }
  });
});
