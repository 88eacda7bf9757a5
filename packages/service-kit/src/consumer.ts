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
import { organisationIdOf, requestContext, type RequestContext } from './context.js';
import { QueryTypes, type Sequelize, type Transaction } from './db.js';
import type { Logger } from './logger.js';
import { LEADER_HEARTBEAT_MS, Leadership, LeadershipLost } from './leader.js';
import { createStream, isNotFound } from './nats.js';
import type { Metrics } from './metrics.js';

export interface EventContext {
  tx: Transaction;
  logger: Logger;
}

export interface EventHandler {
  /** Event versions this handler understands; any other is dead-lettered, not crashed on. */
  versions: number[];
  handle(event: EventEnvelope, ctx: EventContext): Promise<void>;
  /**
   * Handles several of this handler's events that arrived one after the other, in their
   * order, in one transaction: the same as `handle` for each in turn, written with fewer
   * statements. Without it each event goes through `handle`.
   */
  handleMany?(events: EventEnvelope[], ctx: EventContext): Promise<void>;
  /**
   * Whether the event changes anything here. One that does not is acknowledged at once,
   * without a transaction and without a processed-events row (handling it twice changes
   * nothing either). Without it every event is handled.
   */
  needed?(event: EventEnvelope): boolean;
}

export interface ConsumerSpec {
  stream: StreamName;
  /** Durable name: the service's name, optionally with a purpose suffix. */
  durable: string;
  handlers: Record<string, EventHandler>;
  ackWaitMs?: number;
  /** Replicas of the stream when this consumer has to create it (its owner has not yet). */
  streamReplicas?: number;
}

export interface ConsumerHooks {
  /** Runs after the handler committed and before the ack; tests use it to die there. */
  beforeAck?: (event: EventEnvelope) => Promise<void>;
}

/**
 * A durable pull consumer with explicit acks. Each event id is handled once:
 * the processed-events row is written in the handler's own transaction, so a
 * redelivery after a crash finds it and only acks.
 *
 * Of the processes of a service, one at a time reads a durable: its leader (`Leadership`, a
 * PostgreSQL advisory lock per durable). Two readers of one durable would each get part of the
 * events and handle them side by side, so a later change of one thing (an activity's capacity,
 * say) could be applied before an earlier one and leave the older value; one reader applies them
 * in stream order, as one process does. The others wait to take over, within
 * LEADER_RETRY_MS of the leader's stop or death; every transaction of the leader checks that it
 * still leads, so one that lost the lock (its database connection gone) changes nothing more.
 */
export class DurableConsumer {
  private stopped = false;
  private readonly leadership: Leadership;
  private readonly leaderName: string;
  /** Set when a transaction found this process no longer leads: it stops reading. */
  private lost = false;
  /** Events read as the leader that go back once reading has stopped. */
  private readonly returned: JsMsg[] = [];
  private isCaughtUp = false;
  private count: (result: ConsumerResult, n?: number) => void = () => undefined;
  private redelivered: () => void = () => undefined;
  private messages: { close(): Promise<void | Error> } | undefined;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly sequelize: Sequelize,
    private readonly spec: ConsumerSpec,
    private readonly logger: Logger,
    private readonly hooks: ConsumerHooks = {},
  ) {
    this.leadership = Leadership.of(sequelize);
    this.leaderName = `consumer:${STREAMS[spec.stream].name}.${spec.durable}`;
  }

  /** Whether this process reads the durable now (its leader). */
  async leads(): Promise<boolean> {
    return !this.stopped && (await this.leadership.tryLead(this.leaderName));
  }

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
      if (!isNotFound(err)) throw err;
      // The stream's owner may not have started yet (R-NATS-USERS: a reader only creates it).
      await createStream(jsm, this.spec.stream, this.spec.streamReplicas ?? 1);
      await jsm.consumers.add(stream, {
        durable_name: this.spec.durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ...settings,
      });
    }
    this.loop = this.run();
  }

  /** The durable's numbers as JetStream keeps them. */
  async info(): Promise<ConsumerNumbers> {
    const jsm = await jetstreamManager(this.nc);
    const info = await jsm.consumers.info(STREAMS[this.spec.stream].name, this.spec.durable);
    return {
      pending: info.num_pending,
      ackPending: info.num_ack_pending,
      redelivered: info.num_redelivered,
    };
  }

  /**
   * Whether this consumer has caught up with its stream since start (R-OPS-PROBES): once at
   * most one batch of events is left unhandled (not delivered, or not yet acked), the
   * service's projections are as
   * fresh as a running one's. It stays caught up after that, so a burst of events never takes
   * every replica out of service at once.
   */
  async caughtUp(): Promise<boolean> {
    if (this.isCaughtUp) return true;
    if (!this.loop) return false;
    const { pending, ackPending } = await this.info();
    this.isCaughtUp = pending + ackPending <= BATCH;
    return this.isCaughtUp;
  }

  /**
   * Reports on `metrics` (R-OPS-METRICS): events by result and redeliveries seen, and at each
   * scrape JetStream's pending (not yet delivered), ack-pending and redelivered counts.
   */
  observe(metrics: Metrics): void {
    const durable = this.spec.durable;
    const events = metrics.counter(
      'nsa_consumer_events_total',
      'Events a durable consumer took, by result (handled, duplicate, retried, ignored, dead_lettered)',
      ['durable', 'result'],
    );
    this.count = (result, n = 1) => events.inc({ durable, result }, n);
    const redeliveries = metrics.counter(
      'nsa_consumer_redeliveries_total',
      'Events delivered again (after a failure, a nak or an ack timeout)',
      ['durable'],
    );
    this.redelivered = () => redeliveries.inc({ durable });
    // Set at each scrape from JetStream: one question per consumer, shared by its gauges.
    let last: ReturnType<DurableConsumer['info']> | undefined;
    const info = () => (last ??= this.info().finally(() => (last = undefined)));
    const fromInfo = (name: string, help: string, pick: (i: ConsumerNumbers) => number) =>
      metrics.gauge(name, help, ['durable'], async (g) => {
        // JetStream away: no number rather than an old one; nsa_consumer_info_up says so.
        await info().then(
          (i) => g.set({ durable }, pick(i)),
          () => g.remove({ durable }),
        );
      });
    fromInfo('nsa_consumer_pending', 'Events in the stream not yet delivered', (i) => i.pending);
    fromInfo(
      'nsa_consumer_ack_pending',
      'Events delivered, not yet acknowledged',
      (i) => i.ackPending,
    );
    fromInfo(
      'nsa_consumer_redelivered',
      'Events delivered more than once and not yet acknowledged',
      (i) => i.redelivered,
    );
    metrics.gauge(
      'nsa_consumer_info_up',
      'Whether JetStream answered for the consumer at this scrape',
      ['durable'],
      async (g) => {
        await info().then(
          () => g.set({ durable }, 1),
          () => g.set({ durable }, 0),
        );
      },
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    // A handler stuck mid-message must not hold shutdown; its message is redelivered.
    const done = Promise.all([this.messages?.close(), this.loop]);
    await Promise.race([done, new Promise((r) => setTimeout(r, 5000).unref())]);
    await this.leadership.resign(this.leaderName);
  }

  private async run(): Promise<void> {
    const js = jetstream(this.nc);
    while (!this.stopped) {
      const buffer: JsMsg[] = [];
      let watch: NodeJS.Timeout | undefined;
      try {
        if (!(await this.leads())) {
          await this.pause(LEADER_RETRY_MS);
          continue;
        }
        // A leader that lost the lock with its connection notices within a heartbeat and gives
        // back what it had read: that goes first to whoever reads next, so the new leader
        // waits for it before it reads.
        await this.pause(LEADER_SETTLE_MS);
        if (this.stopped) break;
        if (!(await this.leads())) continue;
        this.lost = false;
        const consumer = await js.consumers.get(STREAMS[this.spec.stream].name, this.spec.durable);
        const messages = await consumer.consume({ max_messages: BATCH });
        this.messages = messages;
        // A reader moves arrived messages into a buffer; the handler takes all that is there
        // at once (up to BATCH), so events that arrived together commit together and a lone
        // event is handled as soon as it arrives.
        let wake: (() => void) | undefined;
        let ended = false;
        let readError: unknown;
        // The lock gone with its connection (a database restart): stop reading at once.
        watch = setInterval(() => {
          if (this.leadership.isHeld(this.leaderName)) return;
          this.lost = true;
          wake?.();
        }, LEADER_HEARTBEAT_MS);
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
        while (!this.stopped && !this.lost) {
          if (buffer.length === 0) {
            if (ended) break;
            await new Promise<void>((resolve) => (wake = resolve));
            wake = undefined;
            continue;
          }
          // Events given back by a leader before this one took over come again with the first
          // pull, after newer ones of the stream at times: stream order first.
          buffer.sort((a, b) => a.seq - b.seq);
          await this.handleBatch(buffer.splice(0, BATCH));
        }
        await messages.close();
        await reader;
        if (readError && !this.stopped && !this.lost) throw readError;
      } catch (err) {
        if (this.stopped) break;
        this.logger.warn(
          { err: (err as Error).message, durable: this.spec.durable },
          'consumer restarting',
        );
        await this.pause(1000);
      } finally {
        clearInterval(watch);
        // What was read and not handled goes to the next reader at once, not after ack_wait:
        // given back once this process has stopped pulling, so that none of it comes back here.
        await this.messages?.close()?.catch(() => undefined);
        const back = [...this.returned.splice(0), ...buffer.splice(0)];
        // The server has our stop before the first event goes back (else it could hand it to
        // this process's pull again, lost once it closed).
        if (back.length > 0) await this.nc.flush().catch(() => undefined);
        for (const m of back) m.nak();
        if (this.lost || this.stopped) await this.leadership.resign(this.leaderName);
      }
      if (this.lost) {
        this.logger.warn({ durable: this.spec.durable }, 'consumer: no longer the leader');
      }
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((r) => setTimeout(r, ms).unref());
  }

  /** The event in a message with its handler, or undefined once the message is settled. */
  private prepare(msg: JsMsg): Prepared | undefined {
    let event: EventEnvelope;
    try {
      event = eventEnvelopeSchema.parse(JSON.parse(msg.string())) as EventEnvelope;
    } catch {
      this.logger.error({ subject: msg.subject, seq: msg.seq }, 'malformed event dead-lettered');
      this.count('dead_lettered');
      // No reason argument: nats-server before 2.10.4 (Debian's 2.9) ignores `+TERM <reason>`
      // and redelivers the message every ack_wait; the log line carries the reason instead.
      msg.term();
      return undefined;
    }
    if (msg.redelivered) this.redelivered();
    const requestId = msg.headers?.get(NATS_HEADERS.requestId) || undefined;
    const log = this.logger.child({ eventId: event.id, type: event.type, reqId: requestId });
    const context: RequestContext = requestId ? { requestId } : {};
    // R-ORG-EVENTS: the event is handled as work of the organisation that wrote it.
    const organisation = msg.headers?.get(NATS_HEADERS.organisationId) || undefined;
    if (organisation !== undefined) {
      try {
        context.organisationId = organisationIdOf(organisation);
      } catch {
        log.error('event of no valid organisation dead-lettered');
        this.count('dead_lettered');
        msg.term();
        return undefined;
      }
    }
    const handler = this.spec.handlers[event.type];
    if (!handler) {
      msg.ack();
      this.count('ignored');
      return undefined;
    }
    if (!handler.versions.includes(event.version)) {
      log.error({ version: event.version }, 'event version not understood; dead-lettered');
      this.count('dead_lettered');
      msg.term();
      return undefined;
    }
    if (handler.needed && !isNeeded(handler, event)) {
      msg.ack();
      this.count('ignored');
      return undefined;
    }
    return { msg, event, handler, log, context };
  }

  /**
   * Handles the events in order in one transaction. If that fails, each is handled in its own
   * transaction, so one failing event is retried alone and does not hold back the others.
   */
  private async handleBatch(msgs: JsMsg[]): Promise<void> {
    const prepared = msgs.map((m) => this.prepare(m)).filter((p): p is Prepared => !!p);
    // R-ORG-EVENTS: a transaction is one organisation's work. Events of different organisations
    // touch different rows (R-ORG-RLS), so the batch is handled organisation by organisation,
    // each one's events in order in one run: interleaved organisations cost a transaction each,
    // not one per event. Events of no organisation (an earlier release's, organisation 1's rows)
    // keep their order with organisation 1's, in runs of one or the other.
    const groups = new Map<number, Prepared[]>();
    for (const p of prepared) {
      const key = p.context.organisationId ?? 1;
      const group = groups.get(key);
      if (group) group.push(p);
      else groups.set(key, [p]);
    }
    for (const group of groups.values()) {
      for (let i = 0; i < group.length;) {
        const organisationId = group[i]!.context.organisationId;
        let end = i + 1;
        while (end < group.length && group[end]!.context.organisationId === organisationId)
          end += 1;
        await this.handleRun(group.slice(i, end), organisationId);
        i = end;
      }
    }
  }

  /** Events of one organisation (or of none), handled as handleBatch says. */
  private async handleRun(batch: Prepared[], organisationId: number | undefined): Promise<void> {
    if (batch.length === 0) return;
    if (batch.length > 1) {
      try {
        // The run's transaction is their organisation's work, and so is all done in it.
        await requestContext.shared(organisationId, () =>
          this.sequelize.transaction(async (tx) => {
            const fresh = await this.claim(
              tx,
              batch.map((p) => p.event.id),
            );
            // An event delivered twice within the batch is handled once.
            const todo = batch.filter((p) => fresh.delete(p.event.id));
            const handled = todo.length;
            // Events in a row for the same handler go to its handleMany together; the order of
            // all events is kept.
            for (let i = 0; i < todo.length;) {
              const { handler } = todo[i]!;
              let end = i + 1;
              while (handler.handleMany && end < todo.length && todo[end]!.handler === handler)
                end += 1;
              if (end - i > 1) {
                // Events of several requests handled together: in none of their contexts, but
                // in their organisation's (the events they write carry it).
                await handler.handleMany!(
                  todo.slice(i, end).map((p) => p.event),
                  { tx, logger: this.logger.child({ durable: this.spec.durable }) },
                );
              } else {
                const p = todo[i]!;
                await requestContext.run(p.context, () =>
                  handler.handle(p.event, { tx, logger: p.log }),
                );
              }
              i = end;
            }
            tx.afterCommit(() => {
              this.count('handled', handled);
              if (batch.length > handled) this.count('duplicate', batch.length - handled);
            });
          }),
        );
      } catch (err) {
        if (err instanceof LeadershipLost) return this.stepDown(batch);
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
      await requestContext.run(p.context, () =>
        this.sequelize.transaction(async (tx) => {
          const fresh = await this.claim(tx, [p.event.id]);
          if (fresh.has(p.event.id)) await p.handler.handle(p.event, { tx, logger: p.log });
          tx.afterCommit(() => this.count(fresh.has(p.event.id) ? 'handled' : 'duplicate'));
        }),
      );
    } catch (err) {
      if (err instanceof LeadershipLost) return this.stepDown([p]);
      this.count('retried');
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

  /** Another process leads now: these events go back, handled by nobody here. */
  private stepDown(batch: Prepared[]): void {
    this.lost = true;
    this.returned.push(...batch.map((p) => p.msg));
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
    // One statement: whether this process still leads, and the ids recorded only if it does.
    const rows = await this.sequelize.query<{ leader: boolean; event_id: string | null }>(
      `WITH leader AS (SELECT ${this.leadership.holdsSql(this.leaderName)} AS ok),
       fresh AS (INSERT INTO processed_events (consumer, event_id)
         SELECT :consumer, id FROM unnest(ARRAY[:ids]::uuid[]) AS id, leader WHERE leader.ok
         ON CONFLICT DO NOTHING RETURNING event_id)
       SELECT leader.ok AS leader, fresh.event_id FROM leader LEFT JOIN fresh ON true`,
      {
        replacements: { consumer: this.spec.durable, ids },
        type: QueryTypes.SELECT,
        transaction: tx,
      },
    );
    if (!rows[0]?.leader) throw new LeadershipLost(this.leaderName);
    return new Set(rows.flatMap((r) => (r.event_id ? [r.event_id] : [])));
  }
}

interface ConsumerNumbers {
  pending: number;
  ackPending: number;
  redelivered: number;
}

type ConsumerResult = 'handled' | 'duplicate' | 'retried' | 'ignored' | 'dead_lettered';

interface Prepared {
  msg: JsMsg;
  event: EventEnvelope;
  handler: EventHandler;
  log: Logger;
  /** The event's request (its X-Request-Id): what its handling runs in. */
  context: RequestContext;
}

/** An event the handler cannot judge (its data does not parse, say) goes to the handler. */
function isNeeded(handler: EventHandler, event: EventEnvelope): boolean {
  try {
    return handler.needed!(event);
  } catch {
    return true;
  }
}

/** Events fetched at a time, and at most handled in one transaction. */
const BATCH = 64;
/** How often a process that does not lead a durable asks whether it may take over. */
export const LEADER_RETRY_MS = 500;
/** How long a new leader waits before it reads: a few heartbeats of a leader it replaced. */
const LEADER_SETTLE_MS = 4 * LEADER_HEARTBEAT_MS;
