// Files the browser fetched as data: URLs or bytes, before they are saved
// (saveBlob in @nsa/web-kit/download).

/**
 * A `data:` URL as a Blob. Decoded by hand: fetch(dataUrl) would be refused
 * by the gateway's CSP (connect-src 'self').
 */
export function dataUrlToBlob(dataUrl: string): Blob {
  const match = /^data:([^;,]*)((?:;[^;,]*)*?)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('not a data URL');
  const type = match[1] || 'application/octet-stream';
  const payload = match[4] ?? '';
  if (!match[3]) return new Blob([decodeURIComponent(payload)], { type });
  const binary = atob(payload);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Whether the bytes start with the PNG signature (a proxy's HTML error page does not). */
export function isPng(bytes: Uint8Array): boolean {
  return PNG_SIGNATURE.every((byte, i) => bytes[i] === byte);
}
