import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { UTF8_BOM } from '@nsa/web-kit/csv';
import { buildParticipantsCsv } from '../src/lib/csv';

const BOM = '\uFEFF';

/** The file without its BOM, split into records the way a CSV reader would. */
function parse(csv: string): string[][] {
  expect(csv.startsWith(BOM)).toBe(true);
  const result = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return result.data;
}

describe('provider CSV (R-CSV-PROVIDER, R-CSV-INJECTION)', () => {
  it('starts with a UTF-8 byte-order mark and the header row Naam;Leeftijd', async () => {
    const csv = await buildParticipantsCsv([{ childName: 'Zoë de Vries', age: 8 }]);
    expect(UTF8_BOM).toBe(BOM);
    expect(csv).toBe(`${BOM}Naam;Leeftijd\r\nZoë de Vries;8\r\n`);
    const bytes = new Uint8Array(await new Blob([csv]).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('separates cells with semicolons and writes one row per participant', async () => {
    const csv = await buildParticipantsCsv([
      { childName: 'Anna Bakker', age: 7 },
      { childName: 'Daan Jansen', age: 10 },
    ]);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Naam;Leeftijd',
      'Anna Bakker;7',
      'Daan Jansen;10',
      '',
    ]);
  });

  it('quotes cells with a semicolon, a double quote or a line break', async () => {
    const csv = await buildParticipantsCsv([
      { childName: 'Jan;Piet', age: 9 },
      { childName: 'Sam "Sammie" Smit', age: 6 },
      { childName: 'Regel\neen', age: 5 },
      { childName: 'Regel\r\ntwee', age: 5 },
      { childName: 'Komma, geen probleem', age: 4 },
    ]);
    const lines = csv.slice(1);
    expect(lines).toContain('"Jan;Piet";9');
    expect(lines).toContain('"Sam ""Sammie"" Smit";6');
    expect(lines).toContain('"Regel\neen";5');
    expect(lines).toContain('"Regel\r\ntwee";5');
    expect(lines).toContain('Komma, geen probleem;4');
    expect(parse(csv)).toEqual([
      ['Naam', 'Leeftijd'],
      ['Jan;Piet', '9'],
      ['Sam "Sammie" Smit', '6'],
      ['Regel\neen', '5'],
      ['Regel\r\ntwee', '5'],
      ['Komma, geen probleem', '4'],
    ]);
  });

  it.each([
    ['=', '=HYPERLINK("http://x";"klik")'],
    ['+', '+31612345678'],
    ['-', '-2+3'],
    ['@', '@SUM(A1:A2)'],
    ['tab', '\t=1+1'],
    ['carriage return', '\r=1+1'],
  ])('prefixes a cell starting with %s with an apostrophe', async (_label, name) => {
    const [, row] = parse(await buildParticipantsCsv([{ childName: name, age: 7 }]));
    expect(row).toEqual([`'${name}`, '7']);
  });

  it('also neutralises a formula cell that contains a line break', async () => {
    const [, row] = parse(await buildParticipantsCsv([{ childName: '=1+1\nAnna', age: 7 }]));
    expect(row).toEqual(["'=1+1\nAnna", '7']);
  });

  it('treats numbers as cells too, and leaves safe cells alone', async () => {
    const [, negative, normal, inner] = parse(
      await buildParticipantsCsv([
        { childName: 'Anna', age: -1 },
        { childName: "Anne-Sophie 't Hart", age: 12 },
        { childName: 'Bob = Bob', age: 3 },
      ]),
    );
    expect(negative).toEqual(['Anna', "'-1"]);
    expect(normal).toEqual(["Anne-Sophie 't Hart", '12']);
    expect(inner).toEqual(['Bob = Bob', '3']);
  });

  it('writes an empty age cell when the age is unknown', async () => {
    const [, row] = parse(await buildParticipantsCsv([{ childName: 'Anna', age: null }]));
    expect(row).toEqual(['Anna', '']);
  });
});
