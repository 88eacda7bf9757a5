import {
  emailInTextPattern,
  recordRetentionRun,
  sqlJsonHoldsEmail,
  QueryTypes,
  type Sequelize,
  type Transaction,
} from '@nsa/service-kit';

/**
 * R-PRIVACY-MATCH: a delivery holds the email when its payload has it as a whole value (the
 * recipient), or its last error quotes it as a whole (not inside a longer address).
 */
const HOLDS = `(${sqlJsonHoldsEmail('payload', 'email')}
    OR coalesce(last_error, '') ~* :pattern)`;

/** The deliveries and erased sign-ups as the privacy lifecycle reads and clears them. */
export class PrivacyRepository {
  constructor(private readonly db: Sequelize) {}

  /**
   * Remembers these sign-ups as erased (so a late event of theirs records nothing) and deletes
   * their deliveries, within `tx`. A delivery being sent right now holds its row lock: this
   * waits for that send to end. Answers how many deliveries were deleted.
   */
  async forgetRegistrations(tx: Transaction, ids: number[]): Promise<number> {
    await this.db.query(
      `INSERT INTO erased_registrations (registration_id)
       SELECT unnest(CAST(:ids AS integer[])) ON CONFLICT DO NOTHING`,
      { replacements: { ids: `{${ids.join(',')}}` }, transaction: tx },
    );
    const [row] = await this.db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM deliveries WHERE registration_id = ANY (CAST(:ids AS integer[]))
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      { replacements: { ids: `{${ids.join(',')}}` }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row?.n ?? 0;
  }

  /** The deliveries that hold the email, oldest first, with every column a person may ask for. */
  async deliveriesHolding(email: string): Promise<Record<string, unknown>[]> {
    return this.db.query<Record<string, unknown>>(
      `SELECT event_id AS "eventId", kind, registration_id AS "registrationId", language, status,
         attempts, created_at AS "createdAt", sent_at AS "sentAt", payload, last_error AS "lastError"
       FROM deliveries
       WHERE ${HOLDS}
       ORDER BY created_at`,
      { replacements: { email, pattern: emailInTextPattern(email) }, type: QueryTypes.SELECT },
    );
  }

  /**
   * Each delivery that holds the email keeps only its key and outcome (one not yet sent becomes
   * `erased`, which no worker claims). Answers how many changed.
   */
  async clearDeliveriesHolding(tx: Transaction, email: string): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      `WITH changed AS (UPDATE deliveries SET payload = NULL, last_error = NULL,
           status = CASE WHEN status = 'pending' THEN 'erased' ELSE status END
         WHERE ${HOLDS}
         RETURNING 1)
       SELECT count(*)::int AS n FROM changed`,
      {
        replacements: { email, pattern: emailInTextPattern(email) },
        type: QueryTypes.SELECT,
        transaction: tx,
      },
    );
    return row?.n ?? 0;
  }

  /**
   * Deletes the deliveries of erased sign-ups, and finished ones older than `days`. Answers how
   * many went.
   */
  async deleteExpired(days: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM deliveries d
         WHERE EXISTS (SELECT 1 FROM erased_registrations e
             WHERE e.registration_id = d.registration_id)
           OR (status <> 'pending' AND created_at < now() - make_interval(days => :days))
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      { replacements: { days }, type: QueryTypes.SELECT },
    );
    return row?.n ?? 0;
  }

  /** Runs `work` as one retention run recorded in `retention_runs` (its trigger and counts). */
  recordRun<C>(trigger: string, work: () => Promise<C>): Promise<C> {
    return recordRetentionRun(this.db, trigger, work);
  }
}
