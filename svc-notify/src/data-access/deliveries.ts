import {
  QueryTypes,
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
   * Takes one due delivery and keeps its row locked for the transaction: a
   * worker that dies mid-send releases it at once, and no other worker can
   * send it meanwhile.
   */
  async claimOne(tx: Transaction): Promise<Delivery | undefined> {
    const [row] = await this.db.query<Delivery>(
      `UPDATE deliveries SET attempts = attempts + 1
       WHERE (event_id, kind) = (
         SELECT event_id, kind FROM deliveries
         WHERE status = 'pending' AND next_attempt_at <= now()
         ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING event_id AS "eventId", kind, registration_id AS "registrationId", language, payload, attempts`,
      { type: QueryTypes.SELECT, transaction: tx },
    );
    return row;
  }

  /**
   * Sent: the personal data in the payload is no longer needed. The event that reports it is
   * written to the outbox by the same statement (the caller wakes the relay once `tx` commits).
   */
  async markSent(tx: Transaction, d: Delivery, event: OutboxRowValues<unknown>): Promise<void> {
    await this.db.query(
      `WITH sent AS (
         UPDATE deliveries SET status = 'sent', sent_at = now(), payload = NULL, last_error = NULL
         WHERE event_id = :eventId AND kind = :kind)
       INSERT INTO outbox (id, subject, type, version, occurred_at, data, headers)
       VALUES (:id, :subject, :subject, :version, :occurredAt, :data, :headers)`,
      {
        replacements: {
          eventId: d.eventId,
          kind: d.kind,
          id: event.envelope.id,
          subject: event.subject,
          version: event.envelope.version,
          occurredAt: event.envelope.occurredAt,
          data: event.data,
          headers: event.headers,
        },
        transaction: tx,
      },
    );
  }

  async retryLater(tx: Transaction, d: Delivery, delayMs: number, error: string): Promise<void> {
    await this.db.query(
      `UPDATE deliveries SET next_attempt_at = now() + make_interval(secs => :delaySec), last_error = :error
       WHERE event_id = :eventId AND kind = :kind`,
      {
        replacements: { eventId: d.eventId, kind: d.kind, delaySec: delayMs / 1000, error },
        transaction: tx,
      },
    );
  }

  async markFailed(tx: Transaction, d: Delivery, error: string): Promise<void> {
    await this.db.query(
      `UPDATE deliveries SET status = 'failed', payload = NULL, last_error = :error
       WHERE event_id = :eventId AND kind = :kind`,
      { replacements: { eventId: d.eventId, kind: d.kind, error }, transaction: tx },
    );
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

  async countFailed(): Promise<number> {
    const [row] = await this.db.query<{ n: string }>(
      "SELECT count(*) AS n FROM deliveries WHERE status = 'failed'",
      {
        type: QueryTypes.SELECT,
      },
    );
    return Number(row?.n ?? 0);
  }
}
