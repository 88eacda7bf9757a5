import { createHash, createHmac } from 'node:crypto';
import type { Request, Response } from 'express';
import type { ErrorCode } from '@nsa/contracts';
import { currentOrganisation, requestContext } from './context.js';
import type { Transaction } from './db.js';
import { AppError, type Text } from './errors.js';
import { ORGANISATIONS_WITH_DATA, type EveryOrganisation } from './organisation.js';
import { repeatEvery } from './repeat.js';

/**
 * R-IDEMPOTENCY as HTTP: the `Idempotency-Key` header, the statuses a keyed request is answered
 * with and the recording of its answer belong to the entry point. A use case returns its
 * answer's body (or throws its refusal); `Idempotency.respond` answers it with the route's
 * status, records it, and answers a repeat again. The use case's own transaction reaches the
 * request's key through the request context (`currentRequestKey`), so that the claim and the
 * record commit with the change, in the same statements or the same one.
 */

/** The request header (R-IDEMPOTENCY). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** 1 to 255 visible ASCII characters (R-IDEMPOTENCY). */
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

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
 * under a secret only the service's processes hold, never a plain SHA-256. A sign-up's body
 * names a child and a parent; a plain hash of it could be confirmed by anyone who reads the
 * table and guesses the family's data, also after the sign-up is erased.
 */
export function requestFingerprint(secret: string, request: string): string {
  return createHmac('sha256', secret).update(`idempotency-request\n${request}`).digest('hex');
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

/** What is kept of an answer: its body, nothing (derived again), or a refusal. */
export type StoredAnswer =
  | { kind: 'body'; body: unknown }
  | { kind: 'derive' }
  | { kind: 'error'; code: string; text?: unknown; fields?: unknown };

/** A key's recorded answer. */
export interface KeyRow {
  requestHash: string;
  status: number;
  answer: StoredAnswer;
}

/** Where a service keeps its keyed requests' rows. */
export interface IdempotencyStore {
  /** How long a key's answer is kept and answered again. */
  readonly hours: number;
  /** The recorded answer of a key within its hours, if any. */
  find(keyHash: string): Promise<KeyRow | undefined>;
  /** Claims a key in `tx` (waits while another transaction holds it); false: recorded. */
  claim(tx: Transaction, keyHash: string, requestHash: string): Promise<boolean>;
  /** The answer of a claimed key, in the transaction that claimed it. */
  record(tx: Transaction, keyHash: string, status: number, answer: StoredAnswer): Promise<void>;
  /** Claims and records at once (a refusal); false when another request has the key. */
  claimAndRecord(
    keyHash: string,
    requestHash: string,
    status: number,
    answer: StoredAnswer,
  ): Promise<boolean>;
  /** Deletes the rows past their hours. */
  prune(): Promise<number>;
}

/**
 * The key of the request under way, for the transaction of its change: `claim` first (it waits
 * while a twin request holds the key, and ends the change when the twin recorded an answer),
 * `record` last, so the key's row and the change commit together or not at all. A change that
 * claims and records in one statement of its own (the keyed sign-up) takes the hashes, the
 * status and the hours, and calls `taken` when the key was another request's.
 */
export interface RequestKey {
  readonly keyHash: string;
  readonly requestHash: string;
  /** The status the entry point answers the change with, recorded with its answer. */
  readonly status: number;
  /** How long the answer holds. */
  readonly hours: number;
  claim(tx: Transaction): Promise<void>;
  /** `body` undefined: not kept (the answer is derived again on a repeat). */
  record(tx: Transaction, body?: unknown): Promise<void>;
  /**
   * Ends a change whose key another request holds or recorded, as `claim` would; with the
   * key's row when the change read it in its own statement (then it is answered from that).
   */
  taken(recorded?: KeyRow): never;
}

/** The `Idempotency-Key` of the request under way, as the entry point handed it on. */
export function currentRequestKey(): RequestKey | undefined {
  return requestContext.current()?.idempotencyKey;
}

/** Thrown inside a change when another request holds or recorded its key. */
class KeyTaken extends Error {
  constructor(readonly recorded: KeyRow | undefined) {
    super('idempotency key taken');
  }
}

/** Refusals kept as answers: those of the request itself, not of a passing outage. */
const keptRefusal = (err: unknown): err is AppError =>
  err instanceof AppError &&
  err.status >= 400 &&
  err.status < 500 &&
  err.status !== 429 &&
  !atTheDoor.has(err);

export interface IdempotencyDeps {
  store: IdempotencyStore;
  /** The key of the requests' fingerprints (R-IDEMPOTENCY-FINGERPRINT): the service's alone. */
  secret: string;
  /** The text of the 400 for a key of the wrong shape. */
  invalidKeyText: Text;
}

/**
 * R-ORG-RLS: a key is the same key only within one organisation. Another organisation's id
 * leads the scope, so its key never meets an organisation's row it cannot see; organisation 1's
 * scope is as it was, so its keys still meet the rows release 0.1.1 made.
 */
function organisationScope(scope: string): string {
  const organisation = currentOrganisation() ?? 1;
  return organisation === 1 ? scope : `${organisation}\n${scope}`;
}

/** One keyed route: what its requests ask and how it answers. */
export interface IdempotentRoute<A> {
  /** Keys are the same key only within one scope. */
  scope: string;
  /** What the request asks, as the fingerprint covers it. */
  request: string;
  /** The status of the change's answer. */
  status: number;
  /**
   * R-IDEMPOTENCY-ADMIT: the request's token or link judged, after the key's shape and before
   * its row is looked at; a refusal here stores nothing.
   */
  admit?: () => Promise<A>;
  /** The answer again, for a repeat whose body was not kept. */
  derive?: (admitted: A) => Promise<unknown>;
  /**
   * The change claims the key in its own statement and hands back the row it finds taken
   * (`RequestKey.taken(row)`): no look-up of the key before it, so a keyed change costs its one
   * round trip (the keyed sign-up). A repeat then runs the change's admission again; a refusal
   * there (a school link changed since, an outage) looks the key up and answers the first
   * answer again if there is one.
   */
  claimedInChange?: boolean;
}

/**
 * R-IDEMPOTENCY: runs a keyed change once and answers a repeat (same key, same request, within
 * the store's hours) with the first answer, a refusal (4xx) included; the same key with another
 * request is 409 IDEMPOTENCY_KEY_REUSED. Works across processes: the key's row is claimed
 * inside the change's own transaction, so of two requests with one key at once the second
 * waits on the first's row and then answers what it recorded. A crash before the commit leaves
 * neither the change nor the key (a retry runs it anew); after the commit, both.
 */
export class Idempotency {
  constructor(private readonly deps: IdempotencyDeps) {}

  /**
   * The request's key, hashed with its scope, and the keyed fingerprint of what it asks; none
   * without the header; 400 VALIDATION_FAILED naming the header for a key that is not 1 to 255
   * visible ASCII characters.
   */
  keyed(
    header: string | string[] | undefined,
    scope: string,
    request: string,
  ): KeyedRequest | undefined {
    if (header === undefined) return undefined;
    if (typeof header !== 'string' || !KEY_SHAPE.test(header))
      throw AppError.validation({ [IDEMPOTENCY_HEADER]: this.deps.invalidKeyText });
    return {
      keyHash: sha256(`${organisationScope(scope)}\n${header}`),
      requestHash: requestFingerprint(this.deps.secret, request),
      previousHash: sha256(request),
    };
  }

  /**
   * Rows past their hours are deleted on start and then every hour (by every process), every
   * organisation's in turn (R-ORG-JOBS).
   */
  start(
    organisations: Pick<EveryOrganisation, 'run'>,
    everyMs = 3_600_000,
  ): { stop(): Promise<void> } {
    // A failed prune is tried again at the next round.
    return repeatEvery(
      () => organisations.run(ORGANISATIONS_WITH_DATA, () => this.deps.store.prune()),
      everyMs,
      () => undefined,
    );
  }

  /**
   * Answers a keyed (or unkeyed) request: `run` is the use case, which answers the body of the
   * route's status; a repeat is answered as first; a refusal the use case throws is kept as the
   * answer (R-IDEMPOTENCY) unless it was made at the door (R-IDEMPOTENCY-ADMIT) or is not the
   * request's own (5xx, 429).
   */
  async respond<A = undefined>(
    req: Request,
    res: Response,
    route: IdempotentRoute<A>,
    run: (admitted: A) => Promise<unknown>,
  ): Promise<void> {
    const keyed = this.keyed(
      req.headers[IDEMPOTENCY_HEADER.toLowerCase()],
      route.scope,
      route.request,
    );
    const admitted = (route.admit ? await route.admit() : undefined) as A;
    const derive = route.derive && (() => route.derive!(admitted));
    const { status, body } = await this.run(
      keyed,
      route.status,
      () => run(admitted),
      derive,
      route.claimedInChange === true,
    );
    res.status(status).json(body);
  }

  private async run(
    keyed: KeyedRequest | undefined,
    status: number,
    change: () => Promise<unknown>,
    derive: (() => Promise<unknown>) | undefined,
    claimedInChange: boolean,
  ): Promise<{ status: number; body: unknown }> {
    if (!keyed) return { status, body: await change() };
    const { store } = this.deps;
    if (!claimedInChange) {
      const found = await store.find(keyed.keyHash);
      if (found) return this.repeat(found, keyed, derive);
    }
    const key: RequestKey = {
      keyHash: keyed.keyHash,
      requestHash: keyed.requestHash,
      status,
      hours: store.hours,
      taken: (recorded) => {
        throw new KeyTaken(recorded);
      },
      claim: async (tx) => {
        if (!(await store.claim(tx, keyed.keyHash, keyed.requestHash)))
          throw new KeyTaken(undefined);
      },
      record: (tx, body) =>
        store.record(
          tx,
          keyed.keyHash,
          status,
          body === undefined ? { kind: 'derive' } : { kind: 'body', body },
        ),
    };
    try {
      const body = await requestContext.run(
        { ...requestContext.current(), idempotencyKey: key },
        change,
      );
      return { status, body };
    } catch (err) {
      if (err instanceof KeyTaken)
        return err.recorded
          ? this.repeat(err.recorded, keyed, derive)
          : this.repeatRecorded(keyed, derive);
      if (!keptRefusal(err)) {
        // Not looked up before the change: a repeat refused on its way in answers as first.
        const found = claimedInChange ? await store.find(keyed.keyHash) : undefined;
        if (found) return this.repeat(found, keyed, derive);
        throw err;
      }
      const answer: StoredAnswer = {
        kind: 'error',
        code: err.code,
        ...(err.text === undefined ? {} : { text: err.text }),
        ...(err.fields === undefined ? {} : { fields: err.fields }),
      };
      if (await store.claimAndRecord(keyed.keyHash, keyed.requestHash, err.status, answer))
        throw err;
      return this.repeatRecorded(keyed, derive);
    }
  }

  private async repeatRecorded(keyed: KeyedRequest, derive?: () => Promise<unknown>) {
    const found = await this.deps.store.find(keyed.keyHash);
    // Recorded by a request that committed before this one looked: it is there.
    if (!found) throw new AppError('SERVICE_UNAVAILABLE', 503);
    return this.repeat(found, keyed, derive);
  }

  private async repeat(
    row: KeyRow,
    keyed: KeyedRequest,
    derive?: () => Promise<unknown>,
  ): Promise<{ status: number; body: unknown }> {
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
        return { status: row.status, body: answer.body };
      case 'derive':
        return { status: row.status, body: await derive!() };
    }
  }
}
