import { createHash, createHmac, randomBytes } from 'node:crypto';
import { currentOrganisation } from '@nsa/service-kit';

/** 256 bits from the CSPRNG, URL safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Emails in the failure log are keyed hashes: countable, not readable. An address is counted
 * per organisation (R-ORG-ACCOUNTS: the same address may hold an account in each, and one's
 * failed logins lock no other's); organisation 1's keys are the ones addresses had before
 * there were organisations.
 */
export function emailKey(secret: string, email: string): string {
  const organisation = currentOrganisation();
  const address = email.trim().toLowerCase();
  return createHmac('sha256', secret)
    .update(
      organisation === undefined || organisation === 1 ? address : `${organisation}\n${address}`,
    )
    .digest('hex');
}
