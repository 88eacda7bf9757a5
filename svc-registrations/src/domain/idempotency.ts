import { createHmac } from 'node:crypto';
import type { ErrorCode } from '@nsa/contracts';
import { AppError, repeatEvery, type Text, type Transaction } from '@nsa/service-kit';
import type { IdempotencyRepository, KeyRow, StoredAnswer } from '../data-access/idempotency.js';
import { sha256 } from './links.js';
import { MSG } from './messages.js';

/** The request header (R-IDEMPOTENCY). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** 1 to 255 visible ASCII characters (R-IDEMPOTENCY). */
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

/** A keyed request: the hashes that are all that is kept of it. */
export interface KeyedRequest {
  /** SHA-256 of the scope and the key. */
  keyHash: string;
  /**
   * The keyed fingerprint of what the request asks (its body; or its link token and action):
   * `requestFingerprint`, never a plain hash of it (R-IDEMPOTENCY-FINGERPRINT).
   */
  requestHash: string;
  /**
   * The plain SHA-256 that rows made by the release before R-IDEMPOTENCY-FINGERPRINT hold: held
   * in memory only, never stored, and accepted on a repeat so that a keyed retry that lands on
   * this release during a rolling upgrade is answered again instead of refused as a reuse.
   */
  previousHash: string;
}

/**
 * R-IDEMPOTENCY-FINGERPRINT: what a keyed request asked, as its row keeps it: HMAC-SHA-256 (hex)
 * under a secret only this service's processes hold, never a plain SHA-256. A sign-up's body
 * names a child and a parent; a plain hash of it could be confirmed by anyone who reads the
 * table and guesses the family's data, also after the sign-up is erased. Without the secret
 * the fingerprint says nothing, and the row goes after 24 hours anyway.
 */
export function requestFingerprint(secret: string, request: string): string {
  return createHmac('sha256', secret).update(`idempotency-request\n${request}`).digest('hex');
}

/**
 * R-IDEMPOTENCY: the request's key, hashed with its scope, and the keyed fingerprint of what it
 * asks; none without the header; 400 VALIDATION_FAILED naming the header for a key that is not
 * 1 to 255 visible ASCII characters.
 */
export function keyedRequest(
  secret: string,
  header: string | string[] | undefined,
  scope: string,
  request: string,
): KeyedRequest | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_SHAPE.test(header))
    throw AppError.validation({ [IDEMPOTENCY_HEADER]: MSG.idempotencyKeyInvalid });
  return {
    keyHash: sha256(`${scope}\n${header}`),
    requestHash: requestFingerprint(secret, request),
    previousHash: sha256(request),
  };
}

/** Refusals of a request's token or link, never kept under its key (R-IDEMPOTENCY-ADMIT). */
const atTheDoor = new WeakSet<AppError>();

/**
 * R-IDEMPOTENCY-ADMIT: marks a refusal made before the request's token or link was accepted (a
 * wrong school link, an unknown activity): such a request stores nothing, its key included, so
 * anonymous requests with fresh keys cannot fill the table; a repeat is judged anew.
 */
export function refusedAtTheDoor(err: AppError): AppError {
  atTheDoor.add(err);
  return err;
}

/** A JSON text whose object keys are sorted, so that the same body hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** An answer: its status and body. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** Thrown inside a change's transaction when another request holds or recorded its key. */
class KeyTaken extends Error {}

/**
 * The key of one request inside the transaction of its change: `claim` first (it waits while
 * a twin request holds the key, and ends the transaction when the twin recorded an answer),
 * `record` last, so the key's row and the change commit together or not at all.
 */
export interface KeyInTx {
  claim(tx: Transaction): Promise<void>;
  /** `body` undefined: not kept (the answer is derived again on a repeat). */
  record(tx: Transaction, status: number, body?: unknown): Promise<void>;
  /**
   * The key's hashes, for a change that claims the key and records its answer in one
   * statement of its own (the keyed sign-up), instead of `claim` and `record`.
   */
  readonly request: KeyedRequest;
  /** Ends such a change whose key another request holds or recorded, as `claim` would. */
  taken(): never;
}

/** Refusals kept as answers: those of the request itself, not of a passing outage. */
const keptRefusal = (err: unknown): err is AppError =>
  err instanceof AppError &&
  err.status >= 400 &&
  err.status < 500 &&
  err.status !== 429 &&
  !atTheDoor.has(err);

export interface IdempotencyDeps {
  /** The rows of keyed requests. */
  keys: IdempotencyRepository;
  /** The key of the requests' fingerprints (R-IDEMPOTENCY-FINGERPRINT): this service's alone. */
  secret: string;
}

/**
 * R-IDEMPOTENCY: runs a keyed change once and answers a repeat (same key, same request, within
 * 24 hours) with the first answer, a refusal (4xx) included; the same key with another request
 * is 409 IDEMPOTENCY_KEY_REUSED. Works across processes: the key's row is claimed inside the
 * change's own transaction, so of two requests with one key at once the second waits on the
 * first's row and then answers what it recorded. A crash before the commit leaves neither the
 * change nor the key (a retry runs it anew); after the commit, both.
 */
export class Idempotency {
  constructor(private readonly deps: IdempotencyDeps) {}

  /** The request's key and fingerprint, as `keyedRequest` makes them with this service's secret. */
  keyed(header: string | string[] | undefined, scope: string, request: string) {
    return keyedRequest(this.deps.secret, header, scope, request);
  }

  /**
   * R-IDEMPOTENCY: rows older than 24 hours are deleted on start and then every hour (by every
   * process: a delete twice deletes nothing more); a repeat never reads one older anyway.
   */
  start(everyMs = 3_600_000): { stop(): Promise<void> } {
    // A failed prune is tried again at the next round.
    return repeatEvery(
      () => this.deps.keys.prune(),
      everyMs,
      () => undefined,
    );
  }

  async run<T>(
    keyed: KeyedRequest | undefined,
    change: (key: KeyInTx | undefined) => Promise<Answer<T>>,
    derive?: () => Promise<T>,
  ): Promise<Answer<T>> {
    if (!keyed) return change(undefined);
    const found = await this.deps.keys.find(keyed.keyHash);
    if (found) return this.repeat(found, keyed, derive);
    const key: KeyInTx = {
      request: keyed,
      taken: () => {
        throw new KeyTaken();
      },
      claim: async (tx) => {
        if (!(await this.deps.keys.claim(tx, keyed.keyHash, keyed.requestHash)))
          throw new KeyTaken();
      },
      record: (tx, status, body) =>
        this.deps.keys.record(
          tx,
          keyed.keyHash,
          status,
          body === undefined ? { kind: 'derive' } : { kind: 'body', body },
        ),
    };
    try {
      return await change(key);
    } catch (err) {
      if (err instanceof KeyTaken) return this.repeatRecorded(keyed, derive);
      if (!keptRefusal(err)) throw err;
      const answer: StoredAnswer = {
        kind: 'error',
        code: err.code,
        ...(err.text === undefined ? {} : { text: err.text }),
        ...(err.fields === undefined ? {} : { fields: err.fields }),
      };
      if (await this.deps.keys.claimAndRecord(keyed.keyHash, keyed.requestHash, err.status, answer))
        throw err;
      return this.repeatRecorded(keyed, derive);
    }
  }

  private async repeatRecorded<T>(keyed: KeyedRequest, derive?: () => Promise<T>) {
    const found = await this.deps.keys.find(keyed.keyHash);
    // Recorded by a request that committed before this one looked: it is there.
    if (!found) throw new AppError('SERVICE_UNAVAILABLE', 503);
    return this.repeat(found, keyed, derive);
  }

  private async repeat<T>(
    row: KeyRow,
    keyed: KeyedRequest,
    derive?: () => Promise<T>,
  ): Promise<Answer<T>> {
    if (row.requestHash !== keyed.requestHash && row.requestHash !== keyed.previousHash)
      throw AppError.conflict(undefined, 'IDEMPOTENCY_KEY_REUSED');
    const { answer } = row;
    switch (answer.kind) {
      case 'error':
        throw new AppError(
          answer.code as ErrorCode,
          row.status,
          answer.text as Text | undefined,
          answer.fields as Record<string, Text> | undefined,
        );
      case 'body':
        return { status: row.status, body: answer.body as T };
      case 'derive':
        return { status: row.status, body: await derive!() };
    }
  }
}
