import type { NatsConnection } from '@nats-io/transport-node';
import { lookupReplySchema, lookupRequestSchema, type Localized } from '@nsa/contracts';
import type { z } from 'zod';
import { Batcher } from './batch.js';
import { AppError } from './errors.js';
import type { Logger } from './logger.js';

/** How long a question to the owner may take before the answer is "unavailable". */
const OWNER_TIMEOUT_MS = 2000;

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
  private readonly reply: ReturnType<typeof lookupReplySchema<V>>;
  /** Answers that may be used again, with the time their question was sent. */
  private readonly recent = new Map<z.infer<K>, { value: z.infer<V>; askedAt: number }>();
  private readonly reuseForMs: number;
  private readonly unavailable: Localized | undefined;

  /**
   * `reuseForMs`: a known answer (never "unknown") is used again for this long, counted from
   * when its question was sent. Only for data whose rule allows that delay; 0 asks every time.
   */
  constructor(
    private readonly nc: NatsConnection,
    private readonly subject: string,
    spec: LookupSpec<K, V>,
    private readonly logger: Logger,
    opts: { unavailable?: Localized; reuseForMs?: number } = {},
  ) {
    this.reply = lookupReplySchema(spec.value);
    this.batcher = new Batcher((keys) => this.ask(keys), 1000);
    this.unavailable = opts.unavailable;
    this.reuseForMs = opts.reuseForMs ?? 0;
  }

  get(key: z.infer<K>, now = Date.now()): Promise<z.infer<V> | null> {
    const known = this.recent.get(key);
    if (known && now - known.askedAt < this.reuseForMs) return Promise.resolve(known.value);
    return this.batcher.submit(key);
  }

  private async ask(keys: Array<z.infer<K>>): Promise<Array<z.infer<V> | null>> {
    const askedAt = Date.now();
    const unique = [...new Set(keys)];
    let values: Array<z.infer<V> | null>;
    try {
      const msg = await this.nc.request(this.subject, JSON.stringify({ keys: unique }), {
        timeout: OWNER_TIMEOUT_MS,
      });
      values = this.reply.parse(msg.json()).values as Array<z.infer<V> | null>;
      if (values.length !== unique.length) throw new Error('answer has the wrong length');
    } catch (err) {
      this.logger.warn({ err: (err as Error).message, subject: this.subject }, 'owner unreachable');
      throw new AppError('SERVICE_UNAVAILABLE', 503, this.unavailable, undefined, {
        'Retry-After': '5',
      });
    }
    const byKey = new Map(unique.map((k, i) => [k, values[i] ?? null]));
    if (this.reuseForMs > 0) this.remember(byKey, askedAt);
    return keys.map((k) => byKey.get(k) ?? null);
  }

  private remember(answers: Map<z.infer<K>, z.infer<V> | null>, askedAt: number): void {
    for (const [key, value] of answers) {
      this.recent.delete(key);
      if (value !== null) this.recent.set(key, { value, askedAt });
    }
    // The oldest answers make room: a few thousand keys at most are worth keeping.
    while (this.recent.size > 10_000) this.recent.delete(this.recent.keys().next().value!);
  }
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
        try {
          const { keys } = request.parse(msg.json());
          msg.respond(JSON.stringify({ values: await answer(keys as Array<z.infer<K>>) }));
        } catch (err) {
          logger.warn({ err: (err as Error).message, subject }, 'look-up failed');
          msg.respond(JSON.stringify({ error: 'failed' }));
        }
      })();
    }
  })();
  return { stop: () => sub.unsubscribe() };
}
