// File names of downloads (spec §9): provider CSV deelnemers-{title}.csv.

const MAX_NAME_LENGTH = 80;

/**
 * A name that is safe as part of a file name on every system: accents
 * dropped, anything but letters, digits, dot, dash and underscore turned
 * into a dash, lower case, no leading or trailing dots or dashes. The same
 * rule as the admin's QR downloads, so all downloads look alike.
 */
export function fileSafeName(name: string, fallback: string): string {
  const safe = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, MAX_NAME_LENGTH)
    .replace(/[-.]+$/, '');
  return safe === '' ? fallback : safe;
}

export function participantsCsvFileName(activityTitle: string): string {
  return `deelnemers-${fileSafeName(activityTitle, 'activiteit')}.csv`;
}
