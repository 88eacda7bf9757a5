import { createHash, createHmac, randomBytes } from 'node:crypto';

/** 256 bits from the CSPRNG, URL safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Emails in the failure log are keyed hashes: countable, not readable. */
export function emailKey(secret: string, email: string): string {
  return createHmac('sha256', secret).update(email.trim().toLowerCase()).digest('hex');
}
