import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createSecretKey,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

const PREFIX = 'nsl1.';
const keys = new Map<string, KeyObject>();

/**
 * The AES-256 key of a seal secret for one purpose (the secret is 32+ random characters;
 * derived once). A value sealed for one purpose does not open for another. Kept as a KeyObject:
 * a cipher made from one costs half the time of one made from the key's bytes.
 */
function keyOf(secret: string, purpose: string): KeyObject {
  const id = `${purpose}\0${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = createSecretKey(
      createHash('sha256').update(`naschool ${purpose} seal v1\0`).update(secret).digest(),
    );
    keys.set(id, key);
  }
  return key;
}

export interface SealOptions {
  secret: string;
  /** What the value is for (`link`, `totp`, …): each purpose has its own key. */
  purpose: string;
  /** How long the sealed value opens; none: for as long as the secret is the same. */
  ttlMs?: number;
}

/**
 * Seals a secret value with AES-256-GCM under a key derived from `secret` and `purpose`, with
 * its expiry inside: readable only by who holds the secret, and any change is detected.
 */
export function seal(value: string, opts: SealOptions, now = Date.now()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(opts.secret, opts.purpose), iv);
  const exp = opts.ttlMs === undefined ? null : now + opts.ttlMs;
  const body = Buffer.concat([
    cipher.update(JSON.stringify({ link: value, exp }), 'utf8'),
    cipher.final(),
  ]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Opens a sealed value: the value, or null when it is not one of ours, was altered or expired. */
export function unseal(
  sealed: string,
  opts: Omit<SealOptions, 'ttlMs'>,
  now = Date.now(),
): string | null {
  if (!sealed.startsWith(PREFIX)) return null;
  const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyOf(opts.secret, opts.purpose),
      raw.subarray(0, 12),
    );
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString(
      'utf8',
    );
    const { link, exp } = JSON.parse(text) as { link: unknown; exp: unknown };
    if (typeof link !== 'string') return null;
    if (exp !== null && (typeof exp !== 'number' || exp <= now)) return null;
    return link;
  } catch {
    return null;
  }
}

/**
 * Seals a secret link for the one service that emails it (R-SEC-TOKENS): under a key only the
 * sealer and svc-notify hold, so the link is never readable in an outbox row, a stream or a
 * log. A published draw seals thousands in one transaction, so sealing is a cipher call, not a
 * key derivation per value.
 */
export function sealLink(link: string, secret: string, ttlMs: number, now = Date.now()): string {
  return seal(link, { secret, purpose: 'link', ttlMs }, now);
}

/**
 * Opens a sealed link: the link, or null when it is not one of ours, was altered or expired.
 * Several secrets: the current and, while a rotation runs, the previous; the first that opens.
 */
export function openLink(
  sealed: string,
  secret: string | readonly string[],
  now = Date.now(),
): string | null {
  for (const s of typeof secret === 'string' ? [secret] : secret) {
    const link = unseal(sealed, { secret: s, purpose: 'link' }, now);
    if (link !== null) return link;
  }
  return null;
}
