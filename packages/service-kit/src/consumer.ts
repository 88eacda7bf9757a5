import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import {
  NATS_HEADERS,
  STREAMS,
  eventEnvelopeSchema,
  type EventEnvelope,
  type StreamName,
} from '@nsa/contracts';
import { QueryTypes, type Sequelize, type Transaction } from './db.js';
import type { Logger } from './logger.js';

export interface EventContext {
  tx: Transaction;
  logger: Logger;
}

export interface EventHandler {
  /** Event versions this handler understands; any other is dead-lettered, not crashed on. */
  versions: number[];
  handle(event: EventEnvelope, ctx: EventContext): Promise<void>;
}

export interface ConsumerSpec {
  stream: StreamName;
  /** Durable name: the service's name, optionally with a purpose suffix. */
  durable: string;
  handlers: Record<string, EventHandler>;
  ackWaitMs?: number;
}

export interface ConsumerHooks {
  /** Runs after the handler committed and before the ack; tests use it to die there. */
  beforeAck?: (event: EventEnvelope) => Promise<void>;
}

/**
 * A durable pull consumer with explicit acks. Each event id is handled once:
 * the processed-events row is written in the handler's own transaction, so a
 * redelivery after a crash finds it and only acks.
 */
export class DurableConsumer {
  private stopped = false;
  private messages: { close(): Promise<void | Error> } | undefined;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly sequelize: Sequelize,
    private readonly spec: ConsumerSpec,
    private readonly logger: Logger,
    private readonly hooks: ConsumerHooks = {},
  ) {}

  async start(): Promise<void> {
    const jsm = await jetstreamManager(this.nc);
    const subjects = Object.keys(this.spec.handlers);
    // nats-server 2.9 knows one filter subject per consumer: one subject, or the whole stream.
    const filter = subjects.length === 1 ? subjects[0]! : STREAMS[this.spec.stream].subjects[0];
    const stream = STREAMS[this.spec.stream].name;
    const settings = {
      filter_subject: filter,
      ack_wait: nanos(this.spec.ackWaitMs ?? 30_000),
      max_deliver: -1,
    };
    try {
      await jsm.consumers.info(stream, this.spec.durable);
      // A new release may listen to more subjects; the durable keeps its position.
      await jsm.consumers.update(stream, this.spec.durable, settings);
    } catch (err) {
      if (!/not found/i.test(String((err as Error)?.message ?? err))) throw err;
      await jsm.consumers.add(stream, {
        durable_name: this.spec.durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ...settings,
      });
    }
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    // A handler stuck mid-message must not hold shutdown; its message is redelivered.
    const done = Promise.all([this.messages?.close(), this.loop]);
    await Promise.race([done, new Promise((r) => setTimeout(r, 5000).unref())]);
  }

  private async run(): Promise<void> {
    const js = jetstream(this.nc);
    while (!this.stopped) {
      try {
        const consumer = await js.consumers.get(STREAMS[this.spec.stream].name, this.spec.durable);
        const messages = await consumer.consume({ max_messages: BATCH });
        this.messages = messages;
        // A reader moves arrived messages into a buffer; the handler takes all that is there
        // at once (up to BATCH), so events that arrived together commit together and a lone
        // event is handled as soon as it arrives.
        const buffer: JsMsg[] = [];
        let wake: (() => void) | undefined;
        let ended = false;
        let readError: unknown;
        const reader = (async () => {
          try {
            for await (const msg of messages) {
              buffer.push(msg);
              wake?.();
            }
          } catch (err) {
            readError = err;
          } finally {
            ended = true;
            wake?.();
          }
        })();
        while (!this.stopped) {
          if (buffer.length === 0) {
            if (ended) break;
            await new Promise<void>((resolve) => (wake = resolve));
            wake = undefined;
            continue;
          }
          await this.handleBatch(buffer.splice(0, BATCH));
        }
        await messages.close();
        await reader;
        if (readError && !this.stopped) throw readError;
      } catch (err) {
        if (this.stopped) break;
        this.logger.warn(
          { err: (err as Error).message, durable: this.spec.durable },
          'consumer restarting',
        );
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  /** The event in a message with its handler, or undefined once the message is settled. */
  private prepare(msg: JsMsg): Prepared | undefined {
    let event: EventEnvelope;
    try {
      event = eventEnvelopeSchema.parse(JSON.parse(msg.string())) as EventEnvelope;
    } catch {
      this.logger.error({ subject: msg.subject, seq: msg.seq }, 'malformed event dead-lettered');
      // No reason argument: nats-server before 2.10.4 (Debian's 2.9) ignores `+TERM <reason>`
      // and redelivers the message every ack_wait; the log line carries the reason instead.
      msg.term();
      return undefined;
    }
    const requestId = msg.headers?.get(NATS_HEADERS.requestId) || undefined;
    const log = this.logger.child({ eventId: event.id, type: event.type, reqId: requestId });
    const handler = this.spec.handlers[event.type];
    if (!handler) {
      msg.ack();
      return undefined;
    }
    if (!handler.versions.includes(event.version)) {
      log.error({ version: event.version }, 'event version not understood; dead-lettered');
      msg.term();
      return undefined;
    }
    return { msg, event, handler, log };
  }

  /**
   * Handles the events in order in one transaction. If that fails, each is handled in its own
   * transaction, so one failing event is retried alone and does not hold back the others.
   */
  private async handleBatch(msgs: JsMsg[]): Promise<void> {
    const batch = msgs.map((m) => this.prepare(m)).filter((p): p is Prepared => !!p);
    if (batch.length === 0) return;
    if (batch.length > 1) {
      try {
        await this.sequelize.transaction(async (tx) => {
          const fresh = await this.claim(
            tx,
            batch.map((p) => p.event.id),
          );
          // An event delivered twice within the batch is handled once.
          for (const p of batch) {
            if (fresh.delete(p.event.id)) await p.handler.handle(p.event, { tx, logger: p.log });
          }
        });
      } catch (err) {
        this.logger.warn(
          { err: (err as Error).message, durable: this.spec.durable, size: batch.length },
          'event batch failed; handling its events one by one',
        );
        for (const p of batch) await this.handleOne(p);
        return;
      }
      for (const p of batch) await this.settle(p);
      return;
    }
    await this.handleOne(batch[0]!);
  }

  private async handleOne(p: Prepared): Promise<void> {
    try {
      await this.sequelize.transaction(async (tx) => {
        const fresh = await this.claim(tx, [p.event.id]);
        if (fresh.has(p.event.id)) await p.handler.handle(p.event, { tx, logger: p.log });
      });
    } catch (err) {
      const delay = Math.min(30_000, 500 * 2 ** Math.min(6, p.msg.info.deliveryCount));
      p.log.warn(
        { err: (err as Error).message, attempt: p.msg.info.deliveryCount },
        'event handling failed; retrying',
      );
      p.msg.nak(delay);
      return;
    }
    await this.settle(p);
  }

  private async settle(p: Prepared): Promise<void> {
    await this.hooks.beforeAck?.(p.event);
    p.msg.ack();
  }

  /**
   * Records the events as processed by this consumer in `tx`; answers the ids not seen before
   * (a redelivery after a crash finds its row and is only acked).
   */
  private async claim(tx: Transaction, ids: string[]): Promise<Set<string>> {
    const rows = await this.sequelize.query<{ event_id: string }>(
      `INSERT INTO processed_events (consumer, event_id)
       SELECT :consumer, unnest(ARRAY[:ids]::uuid[])
       ON CONFLICT DO NOTHING RETURNING event_id`,
      {
        replacements: { consumer: this.spec.durable, ids },
        type: QueryTypes.SELECT,
        transaction: tx,
      },
    );
    return new Set(rows.map((r) => r.event_id));
  }
}

interface Prepared {
  msg: JsMsg;
  event: EventEnvelope;
  handler: EventHandler;
  log: Logger;
}

/** Events fetched at a time, and at most handled in one transaction. */
const BATCH = 64;
