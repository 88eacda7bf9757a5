/** The request header of a write that may be sent again (R-IDEMPOTENCY). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A random key: a UUID where the browser offers one (secure pages), else 32 random hex digits. */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * R-IDEMPOTENCY: one key per submit. Sending the same request again (a retry after a time-out
 * or a network failure) reuses its key, so the server answers the first answer instead of doing
 * it twice; a changed request (the form edited) gets a new key, and so does any request after
 * one that succeeded (`done`).
 */
export class SubmitKey {
  private last: { request: string; key: string } | undefined;

  constructor(private readonly newKey: () => string = randomKey) {}

  /** The key for sending `request`: the last one if it is the same request, else a new one. */
  for(request: unknown): string {
    const text = JSON.stringify(request) ?? '';
    if (this.last?.request !== text) this.last = { request: text, key: this.newKey() };
    return this.last.key;
  }

  /** The submit is over (it succeeded): the next request gets a new key. */
  done(): void {
    this.last = undefined;
  }
}
