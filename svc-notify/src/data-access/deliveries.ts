import { QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';
import type { EmailKind, Lang } from '@nsa/contracts';

export interface Delivery {
  eventId: string;
  kind: EmailKind;
  registrationId: number | null;
  language: Lang;
  payload: unknown;
  attempts: number;
}

export class DeliveryRepository {
  constructor(private readonly db: Sequelize) {}

  /** The first record of an (event, kind) wins; a second delivery of the event adds nothing. */
  async record(
    tx: Transaction,
    d: {
      eventId: string;
      kind: EmailKind;
      registrationId: number | null;
      language: Lang;
      payload: unknown;
    },
  ): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO deliveries (event_id, kind, registration_id, language, payload)
       VALUES (:eventId, :kind, :registrationId, :language, :payload)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      {
        replacements: { ...d, payload: JSON.stringify(d.payload) },
        type: QueryTypes.SELECT,
        transaction: tx,
      },
    );
    return rows.length > 0;
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

  /** Sent: the personal data in the payload is no longer needed. */
  async markSent(tx: Transaction, d: Delivery): Promise<void> {
    await this.db.query(
      `UPDATE deliveries SET status = 'sent', sent_at = now(), payload = NULL, last_error = NULL
       WHERE event_id = :eventId AND kind = :kind`,
      { replacements: { eventId: d.eventId, kind: d.kind }, transaction: tx },
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
