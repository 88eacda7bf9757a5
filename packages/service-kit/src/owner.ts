import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import {
  NATS_HEADERS,
  lookupReplySchema,
  lookupRequestSchema,
  type Localized,
} from '@nsa/contracts';
import type { z } from 'zod';
import { Batcher } from './batch.js';
import { currentOrganisation, organisationIdOf, withOrganisation } from './context.js';
import { AppError } from './errors.js';
import type { Logger } from './logger.js';

/** How long a question to the owner may take before the answer is "unavailable". */
const OWNER_TIMEOUT_MS = 2000;
/** Pauses between questions to an owner that did not answer: 100, 200, then 250 ms. */
const RETRY_PAUSE_MS = 100;
const RETRY_PAUSE_MAX_MS = 250;

/** The owner's error replies: it failed to answer (an outage), or the question was malformed. */
const OWNER_FAILED = 'failed';
const BAD_QUESTION = 'bad question';
const isErrorReply = (v: unknown): v is { error: string } =>
  typeof v === 'object' && v !== null && typeof (v as { error?: unknown }).error === 'string';

export interface LookupSpec<K extends z.ZodType, V extends z.ZodType> {
  key: K;
  value: V;
}

/**
 * Asks the service that owns some data for its current state, by key, over NATS request-reply.
 * Questions that arrive while one is on its way go together in the next one, so a burst costs
 * a few round trips; every answer was read by the owner after the question was asked, so a
 * change the owner answered before the question started is always in it. When the owner cannot
 * be reached the question fails with 503 SERVICE_UNAVAILABLE: nothing is decided on a guess.
 */
export class OwnerLookup<K extends z.ZodType, V extends z.ZodType> {
  private readonly batcher: Batcher<z.infer<K>, z.infer<V> | null>;
  /**
   * Per organisation (or none) the answers that may be used again (R-ORG-EVENTS): one
   * organisation's answer is never used for another's. The batcher keeps their questions apart.
   */
  private readonly recent = new Map<number | undefined, Recent<K, V>>();
  private readonly key: K;
  private readonly reply: ReturnType<typeof lookupReplySchema<V>>;
  private readonly reuseForMs: number;
  private readonly timeoutMs: number;
  private readonly unavailable: Localized | undefined;

  /**
   * `reuseForMs`: a known answer (never "unknown") is used again for this long, counted from
   * when its question was sent. Only for data whose rule allows that delay; 0 asks every time.
   * `timeoutMs`: how long a question may take before the owner counts as unreachable (2 s).
   */
  constructor(
    private readonly nc: NatsConnection,
    private readonly subject: string,
    spec: LookupSpec<K, V>,
    private readonly logger: Logger,
    opts: { unavailable?: Localized; reuseForMs?: number; timeoutMs?: number } = {},
  ) {
    this.reply = lookupReplySchema(spec.value);
    this.key = spec.key;
    this.batcher = new Batcher((keys) => this.ask(keys), 1000);
    this.unavailable = opts.unavailable;
    this.reuseForMs = opts.reuseForMs ?? 0;
    this.timeoutMs = opts.timeoutMs ?? OWNER_TIMEOUT_MS;
  }

  /** The answer about `key`, asked as the current work's organisation (none outside one). */
  get(key: z.infer<K>, now = Date.now()): Promise<z.infer<V> | null> {
    // A key outside the owner's key schema (an id 0, say) names nothing it could know: no
    // question is asked, and the answer is "unknown", as the owner's would be.
    if (!this.key.safeParse(key).success) return Promise.resolve(null);
    const known = this.recentOf(currentOrganisation()).get(key);
    if (known && now - known.askedAt < this.reuseForMs) {
      askBehind(known, now, this.reuseForMs, () => this.batcher.submit(key));
      return Promise.resolve(known.value);
    }
    return this.batcher.submit(key);
  }

  private recentOf(organisationId: number | undefined): Recent<K, V> {
    let recent = this.recent.get(organisationId);
    if (!recent) this.recent.set(organisationId, (recent = new Map()));
    return recent;
  }

  /** Asks as the batch's organisation (the batcher runs it as that organisation's work). */
  private async ask(keys: Array<z.infer<K>>): Promise<Array<z.infer<V> | null>> {
    const askedAt = Date.now();
    const organisationId = currentOrganisation();
    const headers = natsHeaders();
    if (organisationId !== undefined)
      headers.set(NATS_HEADERS.organisationId, String(organisationId));
    const unique = [...new Set(keys)];
    let answer: unknown;
    // Asked again until twice the time-out has passed before the owner counts as unreachable:
    // a question in flight when the NATS server it went through dies is lost (the client moves
    // to another node of the cluster), and while an owner's process or its server is replaced
    // there may be no one to answer for a moment ("no responders", at once). A question is a
    // read, safe to ask again.
    const deadline = askedAt + 2 * this.timeoutMs;
    for (let attempt = 1; ; attempt++) {
      const left = deadline - Date.now();
      try {
        const msg = await this.nc.request(this.subject, JSON.stringify({ keys: unique }), {
          timeout: Math.max(1, Math.min(this.timeoutMs, left)),
          headers,
        });
        answer = msg.json();
        break;
      } catch (err) {
        const message = (err as Error).message;
        const pause = Math.min(RETRY_PAUSE_MS * attempt, RETRY_PAUSE_MAX_MS);
        if (deadline - Date.now() > pause && !this.nc.isClosed()) {
          if (attempt === 1) {
            this.logger.warn(
              { err: message, subject: this.subject },
              'owner did not answer; asking again',
            );
          }
          await new Promise((r) => setTimeout(r, pause));
          continue;
        }
        this.logger.warn({ err: message, subject: this.subject, attempt }, 'owner unreachable');
        throw this.unreachable();
      }
    }
    // The owner could not answer now (its database, say): an outage, as above.
    if (isErrorReply(answer) && answer.error === OWNER_FAILED) {
      this.logger.warn({ subject: this.subject }, 'owner could not answer');
      throw this.unreachable();
    }
    // Anything else that is not an answer to the question (a question the owner calls
    // malformed, an answer of another shape or length) is a fault of the code, not an outage:
    // it is an internal error, logged as one with the request id.
    const parsed = this.reply.safeParse(answer);
    if (!parsed.success || parsed.data.values.length !== unique.length) {
      throw new Error(
        `the owner on ${this.subject} gave no valid answer` +
          (isErrorReply(answer) ? ` (${answer.error})` : ''),
      );
    }
    const values = parsed.data.values as Array<z.infer<V> | null>;
    const byKey = new Map(unique.map((k, i) => [k, values[i] ?? null]));
    if (this.reuseForMs > 0) remember(this.recentOf(organisationId), byKey, askedAt);
    return keys.map((k) => byKey.get(k) ?? null);
  }

  private unreachable(): AppError {
    return new AppError('SERVICE_UNAVAILABLE', 503, this.unavailable, undefined, {
      'Retry-After': '5',
    });
  }
}

/** A reused answer: when its question was sent, and whether a newer one is being asked. */
export interface ReusedAnswer {
  askedAt: number;
  refreshing?: boolean;
}

/**
 * Asks again behind a reused answer once half its time `reuseMs` is over, one question at a
 * time (`ask` puts the newer answer in its place): a key asked for steadily always has an
 * answer to use, so no request waits for the owner at the turn of the time, and the answer used
 * still had its question sent within `reuseMs`. Once the time is over with no newer answer, the
 * next request waits for one. A failed question lets the next request ask again.
 */
export function askBehind(
  known: ReusedAnswer,
  now: number,
  reuseMs: number,
  ask: () => Promise<unknown>,
): void {
  if (known.refreshing || now - known.askedAt < reuseMs / 2) return;
  known.refreshing = true;
  ask().catch(() => {
    known.refreshing = false;
  });
}

/** Answers that may be used again, with the time their question was sent. */
type Recent<K extends z.ZodType, V extends z.ZodType> = Map<
  z.infer<K>,
  { value: z.infer<V> } & ReusedAnswer
>;

function remember<K, V>(
  recent: Map<K, { value: V } & ReusedAnswer>,
  answers: Map<K, V | null>,
  askedAt: number,
): void {
  for (const [key, value] of answers) {
    recent.delete(key);
    if (value !== null) recent.set(key, { value, askedAt });
  }
  // The oldest answers make room: a few thousand keys at most are worth keeping.
  while (recent.size > 10_000) recent.delete(recent.keys().next().value!);
}

/**
 * The owner's side of an OwnerLookup: answers each question from `answer`, in a queue group
 * so replicas share the work. A bad question gets an error reply (which the asker treats as
 * unavailable), never a crash.
 */
export function serveLookup<K extends z.ZodType, V extends z.ZodType>(
  nc: NatsConnection,
  subject: string,
  queue: string,
  spec: LookupSpec<K, V>,
  answer: (keys: Array<z.infer<K>>) => Promise<Array<z.infer<V> | null>>,
  logger: Logger,
): { stop(): void } {
  const request = lookupRequestSchema(spec.key);
  const sub = nc.subscribe(subject, { queue });
  void (async () => {
    for await (const msg of sub) {
      // Each question is answered on its own, so a slow one does not hold up the next.
      void (async () => {
        let keys: Array<z.infer<K>>;
        let organisationId: number | undefined;
        try {
          keys = request.parse(msg.json()).keys as Array<z.infer<K>>;
          // R-ORG-EVENTS: a question asked as an organisation's work is answered as its work.
          const organisation = msg.headers?.get(NATS_HEADERS.organisationId) || undefined;
          if (organisation !== undefined) organisationId = organisationIdOf(organisation);
        } catch (err) {
          logger.error({ err: (err as Error).message, subject }, 'malformed look-up question');
          msg.respond(JSON.stringify({ error: BAD_QUESTION }));
          return;
        }
        try {
          const values = await (organisationId === undefined
            ? answer(keys)
            : withOrganisation(organisationId, () => answer(keys)));
          msg.respond(JSON.stringify({ values }));
        } catch (err) {
          logger.warn({ err: (err as Error).message, subject }, 'look-up failed');
          msg.respond(JSON.stringify({ error: OWNER_FAILED }));
        }
      })();
    }
  })();
  return { stop: () => sub.unsubscribe() };
}
