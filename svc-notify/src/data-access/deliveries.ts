import {
  acrossOrganisations,
  ALL_ORGANISATIONS,
  ORGANISATION_SCOPE_SETTING,
  QueryTypes,
  setOrganisationSql,
  type OutboxRowValues,
  type Sequelize,
  type Transaction,
} from '@nsa/service-kit';
import type { EmailKind, Lang } from '@nsa/contracts';

export interface Delivery {
  eventId: string;
  kind: EmailKind;
  registrationId: number | null;
  language: Lang;
  payload: unknown;
  attempts: number;
  /** The organisation whose delivery it is: it is sent and marked as that one's work. */
  organisationId: number;
}

/** A delivery an event calls for, before it is recorded. */
export interface NewDelivery {
  eventId: string;
  kind: EmailKind;
  registrationId: number | null;
  language: Lang;
  payload: unknown;
}

export class DeliveryRepository {
  constructor(private readonly db: Sequelize) {}

  /**
   * Records several deliveries with one statement. The first record of an (event, kind) wins;
   * a second delivery of the event adds nothing, and neither does an event of an erased sign-up.
   */
  async recordMany(tx: Transaction, deliveries: NewDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await this.db.query(
      `INSERT INTO deliveries (event_id, kind, registration_id, language, payload)
       SELECT d.event_id, d.kind, d.registration_id, d.language, d.payload
       FROM unnest(ARRAY[:eventIds]::uuid[], ARRAY[:kinds]::text[],
                   ARRAY[:registrationIds]::integer[], ARRAY[:languages]::text[],
                   ARRAY[:payloads]::jsonb[])
         AS d(event_id, kind, registration_id, language, payload)
       WHERE NOT EXISTS (
         SELECT 1 FROM erased_registrations e WHERE e.registration_id = d.registration_id)
       ON CONFLICT DO NOTHING`,
      {
        replacements: {
          eventIds: deliveries.map((d) => d.eventId),
          kinds: deliveries.map((d) => d.kind),
          registrationIds: deliveries.map((d) => d.registrationId),
          languages: deliveries.map((d) => d.language),
          payloads: deliveries.map((d) => JSON.stringify(d.payload)),
        },
        transaction: tx,
      },
    );
  }

  /**
   * Takes one due delivery and keeps its row locked until it is marked (sent, to retry, or
   * failed), which commits: a worker that dies mid-send releases it at once, and no other
   * worker can send it meanwhile. Taking it is one round trip to PostgreSQL with the
   * transaction's start, and each marking one with the commit.
   */
  async claimOne(): Promise<ClaimedDelivery | undefined> {
    const cm = this.db.connectionManager;
    const connection = (await cm.getConnection({ type: 'write' })) as PgConnection;
    const claim = new ClaimedDelivery(
      connection,
      () => cm.releaseConnection(connection),
      () => cm.destroyConnection(connection),
    );
    if (await claim.begin()) return claim;
    await claim.end('COMMIT');
    return undefined;
  }

  /**
   * Forgets a sign-up's personal data (R-EMAIL-WAITLIST): its id is remembered as erased, and
   * each of its deliveries keeps only its key and outcome. The rows stay rather than go, so a
   * redelivered event still finds itself recorded and sends nothing (R-EMAIL-ONCE); one not yet
   * sent becomes `erased`, which no worker claims. A delivery a worker is sending right now
   * holds its row lock, so this waits for that send to end.
   */
  async eraseRegistration(tx: Transaction, registrationId: number): Promise<void> {
    await this.db.query(
      `INSERT INTO erased_registrations (registration_id) VALUES (:registrationId)
       ON CONFLICT DO NOTHING`,
      { replacements: { registrationId }, transaction: tx },
    );
    // last_error may quote the address an SMTP server refused.
    await this.db.query(
      `UPDATE deliveries
       SET payload = NULL, last_error = NULL,
           status = CASE WHEN status = 'pending' THEN 'erased' ELSE status END
       WHERE registration_id = :registrationId`,
      { replacements: { registrationId }, transaction: tx },
    );
  }

  /** Every organisation's emails given up on (R-OPS-METRICS: one count for the deployment). */
  async countFailed(): Promise<number> {
    const [row] = await acrossOrganisations(this.db, (transaction) =>
      this.db.query<{ n: string }>("SELECT count(*) AS n FROM deliveries WHERE status = 'failed'", {
        type: QueryTypes.SELECT,
        transaction,
      }),
    );
    return Number(row?.n ?? 0);
  }
}

/** What a claimed delivery needs of the driver's connection (a `pg` Client). */
interface PgConnection {
  query(text: string): Promise<{ rows: unknown[] } | Array<{ rows: unknown[] }>>;
  escapeLiteral(value: string): string;
}

/**
 * The claim looks across organisations (R-ORG-JOBS: one queue for every organisation, opened to
 * the scope `ALL_ORGANISATIONS` sets); what follows it in the transaction is the delivery's
 * organisation's work alone (`asOwnOrganisation`).
 */
const CLAIM = `SELECT ${ALL_ORGANISATIONS};
  UPDATE deliveries SET attempts = attempts + 1
  WHERE (event_id, kind) = (
    SELECT event_id, kind FROM deliveries
    WHERE status = 'pending' AND next_attempt_at <= now()
    ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING event_id AS "eventId", kind, registration_id AS "registrationId", language, payload,
    attempts, organisation_id AS "organisationId"`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A delivery a mail worker took, in a transaction on a connection of its own that holds the
 * row's lock; one of `markSent`, `retryLater`, `markFailed` (each commits) or `release` (rolls
 * back) ends it. The statements go as text with their values quoted by the driver, so each
 * marking travels together with its COMMIT.
 */
export class ClaimedDelivery {
  private current: Delivery | undefined;
  private ended = false;

  constructor(
    private readonly connection: PgConnection,
    private readonly giveBack: () => void,
    private readonly destroy: () => Promise<void>,
  ) {}

  get delivery(): Delivery {
    return this.current!;
  }

  /** Starts the transaction and takes a due delivery, if there is one. */
  async begin(): Promise<Delivery | undefined> {
    try {
      const answers = await this.connection.query(`BEGIN; ${CLAIM}`);
      const rows = (Array.isArray(answers) ? answers.at(-1)!.rows : answers.rows) as Delivery[];
      this.current = rows[0];
      return this.current;
    } catch (err) {
      await this.abort();
      throw err;
    }
  }

  /**
   * Sent: the personal data in the payload is no longer needed. The event that reports it, if
   * any, is written to the outbox by the same statement (the caller wakes the relay once this
   * resolves, i.e. committed).
   */
  async markSent(event: OutboxRowValues<unknown> | undefined): Promise<void> {
    const sent = `UPDATE deliveries SET status = 'sent', sent_at = now(), payload = NULL,
      last_error = NULL WHERE ${this.key()}`;
    if (!event) return this.end(`${sent}; COMMIT`);
    const lit = (v: string) => this.connection.escapeLiteral(v);
    if (!UUID.test(event.envelope.id)) throw new Error('outbox event id is not a UUID');
    await this.end(
      `WITH sent AS (${sent})
       INSERT INTO outbox (id, subject, type, version, occurred_at, data, headers)
       VALUES ('${event.envelope.id}', ${lit(event.subject)}, ${lit(event.subject)},
         ${Math.trunc(event.envelope.version)}, ${lit(event.envelope.occurredAt)},
         ${lit(event.data)}, ${lit(event.headers)});
       COMMIT`,
    );
  }

  async retryLater(delayMs: number, error: string): Promise<void> {
    const delaySec = delayMs / 1000;
    if (!Number.isFinite(delaySec)) throw new Error('retry delay is not a number');
    await this.end(
      `UPDATE deliveries SET next_attempt_at = now() + make_interval(secs => ${delaySec}),
         last_error = ${this.connection.escapeLiteral(error)}
       WHERE ${this.key()};
       COMMIT`,
    );
  }

  async markFailed(error: string): Promise<void> {
    await this.end(
      `UPDATE deliveries SET status = 'failed', payload = NULL,
         last_error = ${this.connection.escapeLiteral(error)}
       WHERE ${this.key()};
       COMMIT`,
    );
  }

  /** Lets the delivery go unmarked: rolled back, so it is due again and the attempt not counted. */
  async release(): Promise<void> {
    if (!this.ended) await this.abort();
  }

  /** Nothing claimed: the claim's transaction ends as it is, having changed nothing. */
  private asOwnOrganisation(): string {
    if (!this.current) return '';
    return `${setOrganisationSql(this.current.organisationId)}
      SELECT set_config('${ORGANISATION_SCOPE_SETTING}', '', true);`;
  }

  private key(): string {
    const d = this.current!;
    if (!UUID.test(d.eventId)) throw new Error('delivery event id is not a UUID');
    return `event_id = '${d.eventId}' AND kind = ${this.connection.escapeLiteral(d.kind)}`;
  }

  /**
   * Runs the transaction's last statements, as the delivery's organisation's work alone (its
   * organisation set, the claim's scope across organisations closed), and gives the connection
   * back.
   */
  async end(statements: string): Promise<void> {
    if (this.ended) throw new Error('the claimed delivery was already ended');
    try {
      await this.connection.query(`${this.asOwnOrganisation()} ${statements}`);
    } catch (err) {
      await this.abort();
      throw err;
    }
    this.ended = true;
    this.giveBack();
  }

  /** Rolls back; a connection that cannot even do that is not given back to the pool. */
  private async abort(): Promise<void> {
    this.ended = true;
    try {
      await this.connection.query('ROLLBACK');
    } catch {
      await this.destroy().catch(() => undefined);
      return;
    }
    this.giveBack();
  }
}
