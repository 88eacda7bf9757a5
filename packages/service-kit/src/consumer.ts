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
        const messages = await consumer.consume({ max_messages: 64 });
        this.messages = messages;
        for await (const msg of messages) {
          if (this.stopped) break;
          await this.handleMessage(msg);
        }
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

  private async handleMessage(msg: JsMsg): Promise<void> {
    let event: EventEnvelope;
    try {
      event = eventEnvelopeSchema.parse(JSON.parse(msg.string())) as EventEnvelope;
    } catch {
      this.logger.error({ subject: msg.subject, seq: msg.seq }, 'malformed event dead-lettered');
      // No reason argument: nats-server before 2.10.4 (Debian's 2.9) ignores `+TERM <reason>`
      // and redelivers the message every ack_wait; the log line carries the reason instead.
      msg.term();
      return;
    }
    const requestId = msg.headers?.get(NATS_HEADERS.requestId) || undefined;
    const log = this.logger.child({ eventId: event.id, type: event.type, reqId: requestId });
    const handler = this.spec.handlers[event.type];
    if (!handler) {
      msg.ack();
      return;
    }
    if (!handler.versions.includes(event.version)) {
      log.error({ version: event.version }, 'event version not understood; dead-lettered');
      msg.term();
      return;
    }
    try {
      await this.sequelize.transaction(async (tx) => {
        const inserted = await this.sequelize.query(
          `INSERT INTO processed_events (consumer, event_id) VALUES (:consumer, :id)
           ON CONFLICT DO NOTHING RETURNING event_id`,
          {
            replacements: { consumer: this.spec.durable, id: event.id },
            type: QueryTypes.SELECT,
            transaction: tx,
          },
        );
        if (inserted.length === 0) return;
        await handler.handle(event, { tx, logger: log });
      });
      await this.hooks.beforeAck?.(event);
      msg.ack();
    } catch (err) {
      const delay = Math.min(30_000, 500 * 2 ** Math.min(6, msg.info.deliveryCount));
      log.warn(
        { err: (err as Error).message, attempt: msg.info.deliveryCount },
        'event handling failed; retrying',
      );
      msg.nak(delay);
    }
  }
}
