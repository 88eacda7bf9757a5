// File names of downloads (R-FILE-NAMES, R-CSV-REGISTRATIONS): school QR PNG qr-code-{school}.png,
// block QR PNG block-{id}-qr.png, the sign-up export aanmeldingen-….csv, a block's draw
// loting-blok-{id}.json.
import { fileSafeName } from '@nsa/web-kit/download';

export function schoolQrFileName(schoolName: string): string {
  return `qr-code-${fileSafeName(schoolName, 'school')}.png`;
}

export function blockQrFileName(blockId: number): string {
  return `block-${blockId}-qr.png`;
}

/** R-DRAW-EXPORT: the draw of block 7 (the whole DrawView) is saved as loting-blok-7.json. */
export function drawExportFileName(blockId: number): string {
  return `loting-blok-${blockId}.json`;
}

/** What the registrations export was filtered on, by name; absent means 'all'. */
export interface ExportFilterNames {
  school?: string;
  block?: string;
  activity?: string;
  /** The Dutch status label, e.g. 'Nieuw'. */
  status?: string;
}

const FILTER_PART_LENGTH = 40;

function filterPart(prefix: string, name: string | undefined): string {
  if (name === undefined) return '';
  // Dots become dashes too: the file name keeps a single dot, before "csv".
  const safe = fileSafeName(name.replace(/\./g, ' '), '')
    .slice(0, FILTER_PART_LENGTH)
    .replace(/[-.]+$/, '');
  return safe === '' ? '' : `-${prefix}-${safe}`;
}

/** A local calendar date as YYYY-MM-DD (the admin's day, not UTC's). */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * R-CSV-REGISTRATIONS: aanmeldingen-{date}[-filters].csv. Each chosen filter adds
 * "-{kind}-{name}" in the order school, blok, activiteit, status, with the
 * name made file-safe and cut to 40 characters:
 * aanmeldingen-2025-03-04-school-de-regenboog-blok-blok-1-status-nieuw.csv.
 */
export function registrationsCsvFileName(date: Date, filters: ExportFilterNames = {}): string {
  const suffix =
    filterPart('school', filters.school) +
    filterPart('blok', filters.block) +
    filterPart('activiteit', filters.activity) +
    filterPart('status', filters.status);
  return `aanmeldingen-${localIsoDate(date)}${suffix}.csv`;
}
