// CSV files built in the browser without a call of their own, shared by the admin and
// provider exports so both follow the same rules (R-CSV-FORMAT, R-CSV-INJECTION). papaparse
// is imported on the first export only, so it never weighs on a page's first load.

export const CSV_MIME = 'text/csv;charset=utf-8';

// Excel reads a CSV without a byte-order mark in the Windows code page, which
// garbles names like "Zoë" or "Jesús"; with the BOM it reads UTF-8.
export const UTF8_BOM = '\uFEFF';

// Semicolons, not commas: a double-clicked .csv is split on the Windows list
// separator, which is ';' in a Dutch locale (the comma is the decimal sign
// there), so a comma file would land in one column in a Dutch Excel. A
// "sep=;" first line would also work but makes Excel ignore the BOM.
export const CSV_DELIMITER = ';';

// R-CSV-INJECTION: a cell starting with = + - @ tab or carriage return gets a
// leading apostrophe. Our own pattern rather than papaparse's default
// (/^[=+\-@\t\r].*$/), which misses a cell that also contains a line break
// because `.` does not match "\n".
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as callers have it; null and undefined become an empty cell. */
export type CsvCell = string | number | boolean | null | undefined;

function cellText(cell: CsvCell): string {
  return cell === null || cell === undefined ? '' : String(cell);
}

/**
 * The whole file as text: BOM, header row, one line per row, CRLF line ends.
 * Every cell is passed to papaparse as a string so the formula rule applies
 * to numbers too (papaparse only checks strings: a -1 would slip through).
 * Quoting of ';', '"' and line breaks is left to papaparse.
 */
export async function buildCsv(
  headers: readonly string[],
  rows: readonly (readonly CsvCell[])[],
): Promise<string> {
  const { default: Papa } = await import(/* webpackChunkName: "papaparse" */ 'papaparse');
  const body = Papa.unparse(
    { fields: [...headers], data: rows.map((row) => row.map(cellText)) },
    {
      delimiter: CSV_DELIMITER,
      newline: '\r\n',
      quoteChar: '"',
      header: true,
      escapeFormulae: FORMULA_START,
    },
  );
  // Without rows papaparse already ends the header line itself.
  return UTF8_BOM + body + (body.endsWith('\r\n') ? '' : '\r\n');
}
