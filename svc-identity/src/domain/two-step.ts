import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * R-TOTP: time-based one-time passwords as authenticator apps make them (RFC 6238: HMAC-SHA-1,
 * six digits, 30-second steps). A code of the step before or after is taken too, for clocks that
 * differ a little; the caller keeps the step of the last code taken so none works twice.
 */
const PERIOD_S = 30;
const WINDOW = 1;

function totp(secretBase32: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret of 160 bits (RFC 4226's recommended length), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI of a secret, which the enrolment's QR code holds. */
export function totpUri(secretBase32: string, account: string, issuer: string): string {
  return totp(secretBase32, account, issuer).toString();
}

/** The step a code belongs to, or null when it is no code of the secret around `now`. */
export function matchStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD_S, timestamp: now }) + delta;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * Recovery codes: ten base32 characters each (50 bits, shown as `xxxxx-xxxxx`), so a login
 * limit of a few attempts makes guessing one hopeless; stored as their SHA-256 only.
 */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const chars = [...randomBytes(10)].map((b) => BASE32[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
