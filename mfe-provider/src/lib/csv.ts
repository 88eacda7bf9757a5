// The provider's CSV export (spec §9, CONTRACT §2). Loaded with import() on
// the export click only, so papaparse is not part of the page's first load.
import Papa from 'papaparse';

/** Spec §9 fixes the columns; they are the file's format, so not translated. */
export const CSV_HEADERS = ['Naam', 'Leeftijd'] as const;

export const CSV_MIME = 'text/csv;charset=utf-8';

// Excel reads a CSV without a byte-order mark in the Windows code page, which
// garbles names like "Zoë" or "Jesús"; with the BOM it reads UTF-8.
export const UTF8_BOM = '\uFEFF';

// Semicolons, not commas: a double-clicked .csv is split on the Windows list
// separator, which is ';' in a Dutch locale (the comma is the decimal sign
// there), so a comma file would land in one column in a Dutch Excel. A
// "sep=;" first line would also work but makes Excel ignore the BOM.
export const CSV_DELIMITER = ';';

// CONTRACT §2: a cell starting with = + - @ tab or carriage return gets a
// leading apostrophe. Our own pattern rather than papaparse's default
// (/^[=+\-@\t\r].*$/), which misses a cell that also contains a line break
// because `.` does not match "\n".
export const FORMULA_START = /^[=+\-@\t\r]/;

export interface CsvParticipant {
  childName: string;
  age: number | null | undefined;
}

/**
 * The whole file as text: BOM, header row, one row per participant, CRLF
 * line ends. Every cell is passed as a string so the formula rule applies to
 * numbers too (papaparse only checks strings). Quoting of ';', '"' and line
 * breaks is left to papaparse.
 */
export function buildParticipantsCsv(participants: readonly CsvParticipant[]): string {
  const rows = participants.map(({ childName, age }) => [
    String(childName ?? ''),
    age === null || age === undefined ? '' : String(age),
  ]);
  const body = Papa.unparse(
    { fields: [...CSV_HEADERS], data: rows },
    {
      delimiter: CSV_DELIMITER,
      newline: '\r\n',
      quoteChar: '"',
      header: true,
      escapeFormulae: FORMULA_START,
    },
  );
  return UTF8_BOM + body + '\r\n';
}
