import { randomBytes } from 'node:crypto';
import fs from 'node:fs';

/** URL- and SQL-literal-safe random secret (base64url alphabet only). */
export function generateSecret(length = 32): string {
  return randomBytes(length).toString('base64url').slice(0, length);
}

/**
 * A secret generated once into `file` (readable by this user only) and read from it on every
 * later start. Whoever removes the file gets a new one at the next start.
 */
export function storedSecret(file: string, length = 48): string {
  if (fs.existsSync(file)) {
    // Only this user may read it, whatever put it there.
    if (fs.statSync(file).mode & 0o077) fs.chmodSync(file, 0o600);
    return fs.readFileSync(file, 'utf8').trim();
  }
  const secret = generateSecret(length);
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
