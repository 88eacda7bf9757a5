import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { REGISTRATION_STATUSES } from '@nsa/contracts';
import {
  buildRegistrationsCsv,
  CSV_STATUS_LABELS,
  dutchDate,
  dutchDateTime,
  groupNumber,
  REGISTRATION_CSV_HEADERS,
  registrationCsvRow,
} from '../../src/registrations/lib/registrations-csv';
import { adminRegistration as registration } from './fixtures';

const BOM = '\uFEFF';

/** The file without its BOM, split into records the way a CSV reader would. */
function parse(csv: string): string[][] {
  expect(csv.startsWith(BOM)).toBe(true);
  const result = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return result.data;
}

describe('registrations CSV (R-CSV-REGISTRATIONS, R-CSV-INJECTION)', () => {
  it('has 14 Dutch columns', () => {
    expect(REGISTRATION_CSV_HEADERS).toHaveLength(14);
    expect(REGISTRATION_CSV_HEADERS).toEqual([
      'Kind voornaam',
      'Kind achternaam',
      'Geboortedatum',
      'Leeftijd',
      'Groep',
      'Ouder',
      'E-mail',
      'Telefoon',
      'Activiteit',
      'School',
      'Blok',
      'Status',
      'Aangemeld op',
      'Reden afwijzing',
    ]);
  });

  it('starts with a byte-order mark and writes one ;-separated line of 14 cells per sign-up', async () => {
    const csv = await buildRegistrationsCsv([
      registration(),
      registration({
        id: 2,
        status: 'rejected',
        rejectionReason: 'activity full',
        childGroup: 'groep8',
      }),
      registration({ id: 3, status: 'approved', childAge: null, childDateOfBirth: null }),
    ]);
    const bytes = new Uint8Array(await new Blob([csv]).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.split('\r\n')[0]).toBe(`${BOM}${REGISTRATION_CSV_HEADERS.join(';')}`);
    const records = parse(csv);
    expect(records).toHaveLength(4);
    for (const record of records) expect(record).toHaveLength(14);
    expect(records[1]).toEqual([
      'Zoë',
      'de Vries',
      '05-05-2016',
      '9',
      'Groep 5',
      'Anna de Vries',
      'anna@example.nl',
      '0612345678',
      'Voetbal',
      'De Regenboog',
      'Blok 1',
      'Nieuw',
      '04-03-2025 14:05',
      '',
    ]);
    expect(records[2]?.[4]).toBe('Groep 8');
    expect(records[2]?.[11]).toBe('Afgewezen');
    expect(records[2]?.[13]).toBe('Activiteit vol');
    expect(records[3]?.[2]).toBe('');
    expect(records[3]?.[3]).toBe('');
    expect(records[3]?.[11]).toBe('Goedgekeurd');
  });

  it('quotes cells with a semicolon, a double quote or a line break', async () => {
    const csv = await buildRegistrationsCsv([
      registration({
        parentName: 'Jan; Piet',
        childLastName: 'Smit "Sammie"',
        rejectionReason: 'Regel een\nRegel twee',
      }),
    ]);
    expect(csv).toContain('"Jan; Piet"');
    expect(csv).toContain('"Smit ""Sammie"""');
    expect(csv).toContain('"Regel een\nRegel twee"');
    const [, row] = parse(csv);
    expect(row?.[1]).toBe('Smit "Sammie"');
    expect(row?.[5]).toBe('Jan; Piet');
    expect(row?.[13]).toBe('Regel een\nRegel twee');
  });

  it.each([
    ['=', '=HYPERLINK("http://x";"klik")'],
    ['+', '+31612345678'],
    ['-', '-1+2'],
    ['@', '@SUM(A1)'],
    ['tab', '\t=1+1'],
    ['carriage return', '\r=1+1'],
  ])('prefixes a cell starting with %s with an apostrophe', async (_label, value) => {
    const [, row] = parse(
      await buildRegistrationsCsv([
        registration({ phone: value, parentName: value, rejectionReason: `${value}\nx` }),
      ]),
    );
    expect(row?.[5]).toBe(`'${value}`);
    expect(row?.[7]).toBe(`'${value}`);
    expect(row?.[13]).toBe(`'${value}\nx`);
  });

  it('neutralises the nested activity names too', async () => {
    const [, row] = parse(
      await buildRegistrationsCsv([
        registration({
          activity: {
            ...registration().activity,
            title: '=cmd',
            school: { id: 1, name: '@school' },
            block: { id: 3, name: '-blok', weekStart: 1, weekEnd: 2 },
          },
        }),
      ]),
    );
    expect(row?.slice(8, 11)).toEqual(["'=cmd", "'@school", "'-blok"]);
  });

  it('writes the waiting list statuses as one Dutch word each, without place or date', async () => {
    const records = parse(
      await buildRegistrationsCsv([
        registration({ id: 4, status: 'waitlisted', waitlistPosition: 2 }),
        registration({ id: 5, status: 'offered', offerExpiresAt: '2025-03-06T13:05:00.000Z' }),
        registration({ id: 6, status: 'withdrawn', withdrawnAt: '2025-03-05T10:00:00.000Z' }),
      ]),
    );
    for (const record of records) expect(record).toHaveLength(14);
    expect(records.slice(1).map((record) => record[11])).toEqual([
      'Wachtlijst',
      'Aangeboden',
      'Ingetrokken',
    ]);
  });

  it('has a Dutch label for every status', () => {
    for (const status of REGISTRATION_STATUSES) {
      expect(CSV_STATUS_LABELS[status]).toMatch(/^[A-Z][a-z]+$/);
    }
  });

  it('keeps the line of an erased sign-up (R-ERASE) with none of its personal data', async () => {
    const records = parse(
      await buildRegistrationsCsv([
        registration({
          id: 7,
          status: 'withdrawn',
          erasedAt: '2025-03-07T09:00:00.000Z',
          // Whatever an erased row still carries is not written.
          childFirstName: 'Zoë',
          childLastName: '',
          parentName: 'Anna',
          email: '',
          phone: '',
          rejectionReason: 'kind te jong',
        }),
      ]),
    );
    expect(records[1]).toEqual([
      'Gegevens verwijderd',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'Voetbal',
      'De Regenboog',
      'Blok 1',
      'Ingetrokken',
      '04-03-2025 14:05',
      '',
    ]);
  });

  it('writes an empty file body but the header when there are no rows', async () => {
    expect(await buildRegistrationsCsv([])).toBe(`${BOM}${REGISTRATION_CSV_HEADERS.join(';')}\r\n`);
  });
});

describe('CSV cell formats', () => {
  it("writes the automatic 'activity full' reason in Dutch and an admin's own reason as typed", () => {
    const reasonOf = (rejectionReason: string | null) =>
      registrationCsvRow(registration({ status: 'rejected', rejectionReason }))[13];
    expect(reasonOf('activity full')).toBe('Activiteit vol');
    expect(reasonOf('kind te jong')).toBe('kind te jong');
    expect(reasonOf(null)).toBeNull();
  });

  it('writes groups as Groep N', () => {
    expect(groupNumber('groep3')).toBe(3);
    expect(groupNumber('groep8')).toBe(8);
    expect(groupNumber('groep9')).toBeNull();
    expect(groupNumber(null)).toBeNull();
    expect(registrationCsvRow(registration({ childGroup: null }))[4]).toBe('');
  });

  it('writes dates day-month-year and times in Dutch time', () => {
    expect(dutchDate('2016-05-05')).toBe('05-05-2016');
    expect(dutchDate(null)).toBe('');
    expect(dutchDate('nonsense')).toBe('');
    // Winter (UTC+1) and summer (UTC+2).
    expect(dutchDateTime('2025-01-15T23:30:00Z')).toBe('16-01-2025 00:30');
    expect(dutchDateTime('2025-07-01T08:05:00Z')).toBe('01-07-2025 10:05');
    expect(dutchDateTime(null)).toBe('');
    expect(dutchDateTime('not a date')).toBe('');
  });
});
