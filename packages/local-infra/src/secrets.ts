import { randomBytes } from 'node:crypto';

/** URL- and SQL-literal-safe random secret (base64url alphabet only). */
export function generateSecret(length = 32): string {
  return randomBytes(length).toString('base64url').slice(0, length);
}
