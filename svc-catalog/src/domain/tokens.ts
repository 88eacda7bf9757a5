import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 lowercase hex characters from a CSPRNG: a school's permanent link token. */
export function newAccessToken(): string {
  return randomBytes(16).toString('hex');
}

/** 256 bits from the CSPRNG for a provider link. */
export function newProviderToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
