// File names of downloads (spec §9): school QR PNG qr-code-{school}.png,
// block QR PNG block-{id}-qr.png.

const MAX_NAME_LENGTH = 80;

/**
 * A name that is safe as part of a file name on every system: accents
 * dropped, anything but letters, digits, dot, dash and underscore turned
 * into a dash, lower case, no leading or trailing dots or dashes.
 */
export function fileSafeName(name: string, fallback = 'school'): string {
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

export function schoolQrFileName(schoolName: string): string {
  return `qr-code-${fileSafeName(schoolName)}.png`;
}

export function blockQrFileName(blockId: number): string {
  return `block-${blockId}-qr.png`;
}
