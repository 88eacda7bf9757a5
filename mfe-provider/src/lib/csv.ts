// The provider's CSV export (R-CSV-PROVIDER, R-CSV-INJECTION). The file rules (BOM, ';',
// quoting, formula neutralising) live in web-kit, shared with the admin
// export; papaparse is loaded there on the export click only.
import { buildCsv } from '@nsa/web-kit/csv';

/** R-CSV-PROVIDER fixes the columns; they are the file's format, so not translated. */
const CSV_HEADERS = ['Naam', 'Leeftijd'] as const;

interface CsvParticipant {
  childName: string;
  age: number | null | undefined;
}

/** The whole file as text: BOM, header row Naam;Leeftijd, one row per participant. */
export function buildParticipantsCsv(participants: readonly CsvParticipant[]): Promise<string> {
  return buildCsv(
    CSV_HEADERS,
    participants.map(({ childName, age }) => [childName, age]),
  );
}
