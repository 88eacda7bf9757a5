import { randomUUID } from 'node:crypto';
import { headers as natsHeaders, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { NATS_HEADERS, type EventEnvelope } from '@nsa/contracts';
import { currentOrganisation, currentRequestId } from './context.js';
import {
  acrossOrganisations,
  ALL_ORGANISATIONS,
  QueryTypes,
  type Sequelize,
  type Transaction,
} from './db.js';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';
import { newInbox } from './nats.js';

export interface NewEvent<T> {
  type: string;
  version?: number;
  data: T;
  /**
   * The id of the request the event answers. Left out, it is the current request's
   * (`currentRequestId()`); `forRequest` fixes it for an event written in a batch of several.
   */
  requestId?: string;
  /**
   * The organisation whose work the event is (R-ORG-EVENTS). Left out, it is the current
   * work's (`currentOrganisation()`); `forRequest` fixes it beside the request's id.
   */
  organisationId?: number;
}

interface OutboxRow {
  id: string;
  subject: string;
  type: string;
  version: number;
  occurred_at: Date;
  data: unknown;
  headers: Record<string, string>;
}

const BATCH = 200;
/** How long a pass waits for JetStream to acknowledge its events before it fails (and rolls back). */
const PUBLISH_TIMEOUT_MS = 5000;
/**
 * Commits that land within this long of one another share one relay pass: a burst of sign-ups
 * costs a pass per few dozen events instead of one per commit, and a lone event waits no more
 * than this for its pass.
 */
export const RELAY_GATHER_MS = 20;
const noop = () => undefined;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the relay needs of the driver's connection (a `pg` Client): simple-protocol queries. */
interface PgConnection {
  query(text: string): Promise<{ rows: unknown[] } | Array<{ rows: unknown[] }>>;
}

/**
 * One relay pass at a time per service, whichever process runs it: a transaction advisory lock
 * taken at the pass's start. Two passes side by side would each take some of the pending rows
 * and publish them at once, so a later change of one thing could reach the stream before an
 * earlier one; one after the other, the stream keeps the order in which the changes of one
 * thing committed (they are written under that thing's lock), as with one process. Named in
 * the service's schema: the services share one database, each has its own relay.
 */
const RELAY_LOCK =
  "pg_try_advisory_xact_lock(hashtextextended(current_schema() || ':outbox:relay', 0))";

/**
 * A pass's first round trip: the relay lock and every organisation's rows in view (R-ORG-RLS),
 * then (only while this transaction holds the lock, a one-time check) the pending rows,
 * locked. A pass that finds the lock held takes no row.
 */
const SELECT_PENDING = `BEGIN; SELECT ${RELAY_LOCK} AS ok, ${ALL_ORGANISATIONS};
  SELECT id, subject, type, version, occurred_at, data, headers FROM outbox
  WHERE published_at IS NULL AND (SELECT ${RELAY_LOCK})
  ORDER BY seq LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`;

/**
 * Many events in one statement: a JSON array of rows, bound as one value, inserted in its order
 * (the `seq` of each row follows the array).
 */
const INSERT_MANY = `INSERT INTO outbox (id, subject, type, version, occurred_at, data, headers)
  SELECT (e->>'id')::uuid, e->>'subject', e->>'subject', (e->>'version')::integer,
    (e->>'occurredAt')::timestamptz, e->'data', e->'headers'
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS a(e, n)
  ORDER BY a.n`;

/**
 * The envelope of an event whose data a database function builds in the change it writes: the
 * event's id, type, version, time and headers (the request's id), without data.
 */
export interface EventHead {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  headers: Record<string, string>;
}

/** An outbox row's values: the envelope, and data and headers as JSON text. */
export interface OutboxRowValues<T> {
  envelope: EventEnvelope<T>;
  subject: string;
  data: string;
  headers: string;
}

/**
 * Transactional outbox: events are rows written in the same transaction as
 * the change; the relay publishes them to JetStream with the event id as
 * `Nats-Msg-Id`, so a row published twice is dropped by the stream.
 */
export class Outbox {
  private running = false;
  private wake: (() => void) | undefined;
  private kicked = false;
  private loop: Promise<void> | undefined;

  /**
   * `nc`: the connection the relay publishes on; null for an outbox that only writes rows
   * (`Outbox.writeOnly`).
   */
  constructor(
    private readonly sequelize: Sequelize,
    private readonly nc: NatsConnection | null,
    private readonly logger: Logger,
    private readonly pollMs = 1000,
    private readonly gatherMs = RELAY_GATHER_MS,
  ) {}

  /**
   * An outbox that only writes rows, for a program with a database and no NATS connection (a
   * command-line tool): its events wait in the table until the relay of a running process of
   * the same service publishes them. Its own relay cannot be started.
   */
  static writeOnly(sequelize: Sequelize, logger: Logger): Outbox {
    return new Outbox(sequelize, null, logger);
  }

  /** The relay's connection; a write-only outbox has none and refuses to publish. */
  private relayConnection(): NatsConnection {
    if (this.nc === null)
      throw new Error('a write-only outbox has no relay: a running service publishes its rows');
    return this.nc;
  }

  /**
   * The outbox row of a new event, for a caller that writes it itself (a database function
   * that does a whole change in one call); call `kick()` once that commits.
   */
  /**
   * The envelope of a new event whose data a database function builds itself (with the row's
   * ids it makes), for that function to write the outbox row; call `kick()` once it commits.
   */
  head(type: string, version = 1): EventHead {
    const { envelope, headers } = this.envelope({ type, version, data: null });
    return {
      id: envelope.id,
      type: envelope.type,
      version: envelope.version,
      occurredAt: envelope.occurredAt,
      headers,
    };
  }

  row<T>(event: NewEvent<T>): OutboxRowValues<T> {
    const { envelope, headers } = this.envelope(event);
    return {
      envelope,
      subject: envelope.type,
      data: JSON.stringify(envelope.data),
      headers: JSON.stringify(headers),
    };
  }

  private envelope<T>(event: NewEvent<T>): {
    envelope: EventEnvelope<T>;
    headers: Record<string, string>;
  } {
    const envelope: EventEnvelope<T> = {
      id: randomUUID(),
      type: event.type,
      version: event.version ?? 1,
      occurredAt: new Date().toISOString(),
      data: event.data,
    };
    const requestId = 'requestId' in event ? event.requestId : currentRequestId();
    const organisationId = 'organisationId' in event ? event.organisationId : currentOrganisation();
    const headers: Record<string, string> = {};
    if (requestId) headers[NATS_HEADERS.requestId] = requestId;
    if (organisationId !== undefined) headers[NATS_HEADERS.organisationId] = String(organisationId);
    return { envelope, headers };
  }

  /**
   * Reports on `metrics` (R-OPS-METRICS): events published, and at each scrape the backlog
   * (rows not yet published) and the age of its oldest row.
   */
  observe(metrics: Metrics): void {
    const published = metrics.counter(
      'nsa_outbox_published_total',
      'Events the outbox relay published to JetStream',
    );
    const passes = metrics.counter(
      'nsa_outbox_relay_passes_total',
      'Outbox relay passes that published events (published / passes = events per pass)',
    );
    this.onPublished = (n) => {
      published.inc(n);
      passes.inc();
    };
    const failed = metrics.counter(
      'nsa_outbox_publish_failures_total',
      'Outbox relay rounds that failed (NATS or the database unreachable)',
    );
    this.onFailed = () => failed.inc();
    let last: Promise<{ n: number; age: number }> | undefined;
    // Both gauges come from one query per scrape.
    const backlog = () =>
      (last ??= acrossOrganisations(this.sequelize, (transaction) =>
        this.sequelize.query<{ n: number; age: number | null }>(
          `SELECT count(*)::int AS n,
                  COALESCE(EXTRACT(EPOCH FROM now() - min(occurred_at)), 0)::float8 AS age
           FROM outbox WHERE published_at IS NULL`,
          { type: QueryTypes.SELECT, transaction },
        ),
      )
        .then(([row]) => ({ n: row?.n ?? 0, age: row?.age ?? 0 }))
        .finally(() => (last = undefined)));
    // With the database away the gauges keep their last numbers; /readyz says why.
    metrics.gauge('nsa_outbox_backlog', 'Outbox rows not yet published', [], async (g) => {
      await backlog().then(({ n }) => g.set(n), noop);
    });
    metrics.gauge(
      'nsa_outbox_oldest_unpublished_seconds',
      'Age of the oldest outbox row not yet published (0 when none)',
      [],
      async (g) => {
        await backlog().then(({ age }) => g.set(age), noop);
      },
    );
  }

  private onPublished: (n: number) => void = () => undefined;
  private onFailed: () => void = () => undefined;

  /** Writes the event in `tx`; the relay is woken once the transaction commits. */
  async add<T>(tx: Transaction, event: NewEvent<T>): Promise<EventEnvelope<T>> {
    return (await this.addMany(tx, [event]))[0]!;
  }

  /**
   * Writes several events in `tx` with one statement, in their order. The events travel as one
   * bound JSON value (no SQL text to build and escape per event, and PostgreSQL parses one short
   * statement), so a batch of hundreds costs about what its JSON weighs.
   */
  async addMany<T>(tx: Transaction, events: NewEvent<T>[]): Promise<EventEnvelope<T>[]> {
    if (events.length === 0) return [];
    const envelopes = events.map((e) => this.envelope(e));
    const rows = envelopes.map(({ envelope, headers }) => ({
      id: envelope.id,
      subject: envelope.type,
      version: envelope.version,
      occurredAt: envelope.occurredAt,
      data: envelope.data,
      headers,
    }));
    await this.sequelize.query(INSERT_MANY, { bind: [JSON.stringify(rows)], transaction: tx });
    tx.afterCommit(() => this.kick());
    return envelopes.map((e) => e.envelope);
  }

  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  start(): void {
    this.relayConnection();
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.kick();
    await this.loop;
  }

  /**
   * Publishes what is pending, oldest first, and marks it published: one transaction in two
   * round trips (`BEGIN` with the locking read, then the one `UPDATE` of the whole batch with
   * `COMMIT`), the events sent to JetStream in between. A failure rolls back, so the rows stay
   * pending and go again (at least once; the stream drops a repeat by its `Nats-Msg-Id`).
   * Returns how many rows were published.
   */
  async publishPending(): Promise<number> {
    this.relayConnection();
    const pass = await this.pass();
    return pass === 'busy' ? 0 : pass;
  }

  /** One pass; 'busy' when another process's pass holds the relay lock. */
  private async pass(): Promise<number | 'busy'> {
    const cm = this.sequelize.connectionManager;
    const connection = (await cm.getConnection({ type: 'write' })) as PgConnection;
    let broken = false;
    let published: number;
    try {
      const answers = (await connection.query(SELECT_PENDING)) as Array<{ rows: unknown[] }>;
      const locked = (answers[1]!.rows[0] as { ok: boolean } | undefined)?.ok === true;
      const rows = answers[2]!.rows as OutboxRow[];
      if (rows.length === 0) {
        await connection.query('COMMIT');
        return locked ? 0 : 'busy';
      }
      // Sent in order on one connection; the server stores them in that order.
      await this.publishRows(rows);
      await connection.query(
        `UPDATE outbox SET published_at = now() WHERE id = ANY('{${uuidList(rows)}}'::uuid[]); COMMIT`,
      );
      published = rows.length;
    } catch (err) {
      // A connection that cannot even roll back is not given back to the pool.
      await connection.query('ROLLBACK').catch(() => (broken = true));
      throw err;
    } finally {
      if (broken) await cm.destroyConnection(connection).catch(noop);
      else cm.releaseConnection(connection);
    }
    this.onPublished(published);
    return published;
  }

  /**
   * Publishes the rows to JetStream as JetStream's own client does (each message with its
   * `Nats-Msg-Id` and a reply subject the stream acknowledges on), but as one run of plain
   * publishes answered on one subscription: no request object, timer and error with a stack
   * trace per event, and the whole run goes out in one write. Resolves once every row is
   * acknowledged; rejects on the first refusal (no stream for the subject, a JetStream error)
   * or when the acknowledgements do not all come within PUBLISH_TIMEOUT_MS.
   */
  private publishRows(rows: OutboxRow[]): Promise<void> {
    const nc = this.relayConnection();
    return new Promise<void>((resolve, reject) => {
      const inbox = newInbox(nc);
      const acked = new Array<boolean>(rows.length).fill(false);
      let left = rows.length;
      let settled = false;
      const finish = (err?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        sub.unsubscribe();
        if (err) reject(err);
        else resolve();
      };
      const onAck = (err: Error | null, msg: Msg) => {
        if (err) return finish(err);
        const i = Number(msg.subject.slice(inbox.length + 1));
        if (!Number.isInteger(i) || i < 0 || i >= rows.length || acked[i]) return;
        const ack = msg.data.length ? (msg.json() as { seq?: unknown; error?: unknown }) : {};
        if (typeof ack.seq !== 'number') {
          const why = ack.error
            ? JSON.stringify(ack.error)
            : `${msg.headers?.code ?? ''} ${msg.headers?.description ?? 'no answer'}`;
          return finish(new Error(`JetStream refused ${rows[i]!.subject}: ${why}`));
        }
        acked[i] = true;
        if (--left === 0) finish();
      };
      const sub = nc.subscribe(`${inbox}.*`, {
        callback: (err, msg) => {
          try {
            onAck(err, msg);
          } catch (e) {
            finish(e as Error);
          }
        },
      });
      const timer = setTimeout(
        () => finish(new Error(`JetStream acknowledged ${rows.length - left} of ${rows.length}`)),
        PUBLISH_TIMEOUT_MS,
      );
      try {
        rows.forEach((row, i) => {
          const envelope: EventEnvelope = {
            id: row.id,
            type: row.type,
            version: row.version,
            occurredAt: new Date(row.occurred_at).toISOString(),
            data: row.data,
          };
          const h = natsHeaders();
          for (const [k, v] of Object.entries(row.headers ?? {})) h.set(k, v);
          h.set(NATS_HEADERS.msgId, row.id);
          nc.publish(row.subject, JSON.stringify(envelope), {
            reply: `${inbox}.${i}`,
            headers: h,
          });
        });
      } catch (err) {
        finish(err as Error);
      }
    });
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      let published = 0;
      this.kicked = false;
      const began = Date.now();
      try {
        const pass = await this.pass();
        failures = 0;
        // Another process's pass is under way, and may have read the outbox before this
        // process's commits landed: once more when it is likely done.
        if (pass === 'busy') {
          await this.pause(this.gatherMs, true);
          continue;
        }
        published = pass;
      } catch (err) {
        failures += 1;
        this.onFailed();
        this.logger.warn({ err: (err as Error).message, failures }, 'outbox relay: publish failed');
      }
      // A full batch leaves more behind: on at once.
      if (!failures && published === BATCH) continue;
      // A commit that landed during the pass waits for the gathering time (counted from this
      // pass's start), not for the poll, and shares its pass with whatever follows it.
      if (!failures && this.kicked) {
        await this.pause(this.gatherMs - (Date.now() - began), true);
        continue;
      }
      const delay = failures ? Math.min(5000, 250 * 2 ** failures) : this.pollMs;
      if (await this.pause(delay)) await this.pause(this.gatherMs, true);
    }
  }

  /**
   * Waits `ms`, or until `kick()` (answering true); `gathering`: only `stop()` ends it early, so
   * the commits that land meanwhile wait for the same pass.
   */
  private async pause(ms: number, gathering = false): Promise<boolean> {
    if (ms <= 0 || !this.running) return false;
    const woken = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.wake = () => {
        if (gathering && this.running) return;
        clearTimeout(timer);
        resolve(true);
      };
    });
    this.wake = undefined;
    return woken;
  }
}

/** The rows' ids as the inside of a PostgreSQL array literal; ids are checked to be UUIDs. */
function uuidList(rows: OutboxRow[]): string {
  return rows
    .map((r) => {
      if (!UUID.test(r.id)) throw new Error('outbox row id is not a UUID');
      return r.id;
    })
    .join(',');
}
