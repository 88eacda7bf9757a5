// Saving files the browser made or fetched, without navigating away, under
// names that are the same kind on every download (R-FILE-NAMES): the admin's QR
// codes and sign-up export, the provider's participant list.

const MAX_NAME_LENGTH = 80;

/**
 * A name that is safe as part of a file name on every system: accents
 * dropped, anything but letters, digits, dot, dash and underscore turned
 * into a dash, lower case, no leading or trailing dots or dashes, at most 80
 * characters; `fallback` when nothing is left.
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

/** Offers the blob as a download under `fileName` (an object URL and <a download>). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener noreferrer';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
