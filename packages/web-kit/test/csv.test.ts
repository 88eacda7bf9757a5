import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buildCsv, CSV_DELIMITER, UTF8_BOM } from '../src/csv';

const BOM = '\uFEFF';

/** The file without its BOM, split into records the way a CSV reader would. */
function parse(csv: string): string[][] {
  expect(csv.startsWith(BOM)).toBe(true);
  const result = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return result.data;
}

describe('CSV builder (R-CSV-FORMAT, R-CSV-INJECTION)', () => {
  it('starts with a UTF-8 byte-order mark, then the header row, CRLF line ends', async () => {
    const csv = await buildCsv(['Naam', 'Leeftijd'], [['Zoë de Vries', 8]]);
    expect(UTF8_BOM).toBe(BOM);
    expect(CSV_DELIMITER).toBe(';');
    expect(csv).toBe(`${BOM}Naam;Leeftijd\r\nZoë de Vries;8\r\n`);
  });

  it('quotes cells with a semicolon, a double quote or a line break', async () => {
    const csv = await buildCsv(
      ['A'],
      [['Jan;Piet'], ['Sam "Sammie" Smit'], ['Regel\neen'], ['Regel\r\ntwee'], ['Komma, prima']],
    );
    const text = csv.slice(1);
    expect(text).toContain('"Jan;Piet"\r\n');
    expect(text).toContain('"Sam ""Sammie"" Smit"\r\n');
    expect(text).toContain('"Regel\neen"\r\n');
    expect(text).toContain('Komma, prima\r\n');
    expect(parse(csv)).toEqual([
      ['A'],
      ['Jan;Piet'],
      ['Sam "Sammie" Smit'],
      ['Regel\neen'],
      ['Regel\r\ntwee'],
      ['Komma, prima'],
    ]);
  });

  it.each([
    ['=', '=HYPERLINK("http://x";"klik")'],
    ['+', '+31612345678'],
    ['-', '-2+3'],
    ['@', '@SUM(A1:A2)'],
    ['tab', '\t=1+1'],
    ['carriage return', '\r=1+1'],
  ])('prefixes a cell starting with %s with an apostrophe', async (_label, cell) => {
    const [, row] = parse(await buildCsv(['A', 'B'], [[cell, 'x']]));
    expect(row).toEqual([`'${cell}`, 'x']);
  });

  it('also neutralises a formula cell that contains a line break', async () => {
    const [, row] = parse(await buildCsv(['A'], [['=1+1\nAnna']]));
    expect(row).toEqual(["'=1+1\nAnna"]);
  });

  it('treats numbers as cells too, writes null as empty and leaves safe cells alone', async () => {
    const [, row] = parse(
      await buildCsv(
        ['A', 'B', 'C', 'D', 'E'],
        [[-1, null, undefined, "Anne-Sophie 't Hart", 'a = b']],
      ),
    );
    expect(row).toEqual(["'-1", '', '', "Anne-Sophie 't Hart", 'a = b']);
  });
});

it('writes only the header line when there are no rows', async () => {
  expect(await buildCsv(['A', 'B'], [])).toBe(`${BOM}A;B\r\n`);
});
