// The sign-ups export (R-CSV-REGISTRATIONS: 14 columns, byte-order mark; R-CSV-INJECTION:
// formula injection neutralised). The file rules live in web-kit's CSV
// builder, shared with the provider export: ';' separated for a Dutch Excel,
// CRLF, quoted where needed, papaparse loaded on the first export only.
import { buildCsv, type CsvCell } from '@nsa/web-kit/csv';
import { rejectionReasonText, type RegistrationStatus } from '@nsa/contracts';
import type { AdminRegistration } from '@nsa/contracts';
import { SIGN_UP_FIELD_LABELS, type SignUpField } from '@nsa/contracts/sign-up-fields';
import { isErased } from './registration-status';

/**
 * R-CSV-REGISTRATIONS status labels, as the file writes them: one fixed word per status, also for
 * the waiting list's (R-WAITLIST-STATUSES), so a spreadsheet can filter on them. The place in
 * line and the offer's end are the screen's, not the file's.
 */
export const CSV_STATUS_LABELS: Record<RegistrationStatus, string> = {
  new: 'Nieuw',
  approved: 'Goedgekeurd',
  rejected: 'Afgewezen',
  waitlisted: 'Wachtlijst',
  offered: 'Aangeboden',
  withdrawn: 'Ingetrokken',
};

/** R-ERASE: what the file writes in place of an erased sign-up's child's name. */
export const CSV_ERASED = 'Gegevens verwijderd';

/** 'groep5' → 5; anything else → null. */
export function groupNumber(group: string | null | undefined): number | null {
  const match = /^groep([3-8])$/.exec(group ?? '');
  return match ? Number(match[1]) : null;
}

/** 'YYYY-MM-DD' → 'DD-MM-YYYY' (R-CSV-REGISTRATIONS), without time zone arithmetic. */
export function dutchDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
}

// The product serves one Dutch municipality: sign-up times are written in
// Dutch time, whatever the exporting computer's zone.
const DUTCH_TIME = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A timestamp as 'DD-MM-YYYY HH:MM' in Dutch time, or '' when there is none. */
export function dutchDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    DUTCH_TIME.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')} ${part('hour')}:${part('minute')}`;
}

/** One column of the file: its header, and its cell of a sign-up. */
interface CsvColumn {
  header: string;
  cell(r: AdminRegistration): CsvCell;
  /**
   * R-ERASE: its cell of an erased sign-up, whatever the row still carries. Without it the cell
   * is empty: a column holds personal data unless it says otherwise.
   */
  erased?: (r: AdminRegistration) => CsvCell;
}

/** A field of the sign-up form headed, in Dutch, as the form labels it. */
const formLabel = (field: SignUpField) => SIGN_UP_FIELD_LABELS[field].nl;
const status = (r: AdminRegistration) => CSV_STATUS_LABELS[r.status] ?? r.status;
const signedUpAt = (r: AdminRegistration) => dutchDateTime(r.createdAt);

/**
 * The columns, in Dutch whatever the screen language: they are the file's format (like the
 * provider's Naam;Leeftijd), so a spreadsheet built on one export keeps working with the next.
 * A column of one field of the sign-up form is headed by the form's Dutch label where the
 * file's header says the same (Groep); the others keep the file's own, shorter, header.
 */
const CSV_COLUMNS: readonly CsvColumn[] = [
  { header: 'Kind voornaam', cell: (r) => r.childFirstName, erased: () => CSV_ERASED },
  { header: 'Kind achternaam', cell: (r) => r.childLastName },
  { header: 'Geboortedatum', cell: (r) => dutchDate(r.childDateOfBirth) },
  { header: 'Leeftijd', cell: (r) => r.childAge },
  {
    header: formLabel('childGroup'),
    cell: (r) => {
      const group = groupNumber(r.childGroup);
      return group === null ? (r.childGroup ?? '') : `Groep ${group}`;
    },
  },
  { header: 'Ouder', cell: (r) => r.parentName },
  { header: 'E-mail', cell: (r) => r.email },
  { header: 'Telefoon', cell: (r) => r.phone },
  { header: 'Activiteit', cell: (r) => r.activity?.title, erased: (r) => r.activity?.title },
  {
    header: 'School',
    cell: (r) => r.activity?.school?.name,
    erased: (r) => r.activity?.school?.name,
  },
  { header: 'Blok', cell: (r) => r.activity?.block?.name, erased: (r) => r.activity?.block?.name },
  { header: 'Status', cell: status, erased: status },
  { header: 'Aangemeld op', cell: signedUpAt, erased: signedUpAt },
  {
    header: 'Reden afwijzing',
    // The file is Dutch throughout, like its status labels.
    cell: (r) => (r.rejectionReason === null ? null : rejectionReasonText(r.rejectionReason, 'nl')),
  },
];

export const REGISTRATION_CSV_HEADERS: readonly string[] = CSV_COLUMNS.map((c) => c.header);

/**
 * One sign-up as the cells of its line. An erased one (R-ERASE) keeps its line, with
 * 'Gegevens verwijderd' for the child and no personal data, whatever the row still carries.
 */
export function registrationCsvRow(r: AdminRegistration): CsvCell[] {
  const erased = isErased(r);
  return CSV_COLUMNS.map((column) =>
    erased ? (column.erased ? column.erased(r) : null) : column.cell(r),
  );
}

/** The whole file: BOM, the header line and one line per sign-up. */
export function buildRegistrationsCsv(rows: readonly AdminRegistration[]): Promise<string> {
  return buildCsv(REGISTRATION_CSV_HEADERS, rows.map(registrationCsvRow));
}
