import { ACCESS_LOG_RETENTION_DAYS, type PrivacyCounts, type PrivacyRecord } from '@nsa/contracts';
import {
  emailInTextPattern,
  retentionJob,
  sqlJsonHoldsEmail,
  type DailyJob,
  recordRetentionRun,
  QueryTypes,
  type PrivacyPart,
  type Sequelize,
  type ServiceContext,
  type Transaction,
} from '@nsa/service-kit';

/**
 * svc-notify's part in the privacy lifecycle (R-RETENTION-NOTIFY, R-PRIVACY-*): deliveries hold
 * the email's content (address, names) until sent, and an SMTP error may quote the address.
 * - Erased sign-ups (by the batch event, or at once on request): their ids are remembered, so a
 *   late event of theirs records nothing, and their deliveries are deleted.
 * - On request, any other delivery that holds the email (the whole address, R-PRIVACY-MATCH)
 *   keeps only its key and outcome.
 * - Daily: deliveries of erased sign-ups, and finished ones older than 90 days, go. Each run's
 *   counts are stored in `retention_runs`.
 */
export class NotifyPrivacy implements PrivacyPart {
  private readonly db: Sequelize;

  constructor(private readonly ctx: ServiceContext) {
    this.db = ctx.sequelize;
  }

  /** Forgets these sign-ups within `tx` (the batch event's handler). Answers deliveries deleted. */
  async forget(tx: Transaction, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    await this.db.query(
      `INSERT INTO erased_registrations (registration_id)
       SELECT unnest(CAST(:ids AS integer[])) ON CONFLICT DO NOTHING`,
      { replacements: { ids: `{${ids.join(',')}}` }, transaction: tx },
    );
    // A delivery being sent right now holds its row lock: this waits for that send to end.
    const [row] = await this.db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM deliveries WHERE registration_id = ANY (CAST(:ids AS integer[]))
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      { replacements: { ids: `{${ids.join(',')}}` }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row?.n ?? 0;
  }

  /**
   * R-PRIVACY-MATCH: a delivery holds the email when its payload has it as a whole value (the
   * recipient), or its last error quotes it as a whole (not inside a longer address).
   */
  private static readonly HOLDS = `(${sqlJsonHoldsEmail('payload', 'email')}
    OR coalesce(last_error, '') ~* :pattern)`;

  async export(email: string): Promise<PrivacyRecord[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT event_id AS "eventId", kind, registration_id AS "registrationId", language, status,
         attempts, created_at AS "createdAt", sent_at AS "sentAt", payload, last_error AS "lastError"
       FROM deliveries
       WHERE ${NotifyPrivacy.HOLDS}
       ORDER BY created_at`,
      { replacements: { email, pattern: emailInTextPattern(email) }, type: QueryTypes.SELECT },
    );
    return rows.map((fields) => ({ table: 'deliveries', fields }));
  }

  async erase(email: string, registrationIds: number[]): Promise<PrivacyCounts> {
    return this.db.transaction(async (tx) => {
      const deleted = await this.forget(tx, registrationIds);
      const [row] = await this.db.query<{ n: number }>(
        `WITH changed AS (UPDATE deliveries SET payload = NULL, last_error = NULL,
             status = CASE WHEN status = 'pending' THEN 'erased' ELSE status END
           WHERE ${NotifyPrivacy.HOLDS}
           RETURNING 1)
         SELECT count(*)::int AS n FROM changed`,
        {
          replacements: { email, pattern: emailInTextPattern(email) },
          type: QueryTypes.SELECT,
          transaction: tx,
        },
      );
      return { deliveries: deleted + (row?.n ?? 0) };
    });
  }

  retention(trigger = 'request'): Promise<PrivacyCounts> {
    return recordRetentionRun(this.db, trigger, () => this.retire());
  }

  private async retire(): Promise<PrivacyCounts> {
    const [row] = await this.db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM deliveries d
         WHERE EXISTS (SELECT 1 FROM erased_registrations e
             WHERE e.registration_id = d.registration_id)
           OR (status <> 'pending' AND created_at < now() - make_interval(days => :days))
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      { replacements: { days: ACCESS_LOG_RETENTION_DAYS }, type: QueryTypes.SELECT },
    );
    return { deliveries: row?.n ?? 0 };
  }

  /** R-RETENTION-JOB: on start and daily. */
  job(): DailyJob<PrivacyCounts> {
    return retentionJob(
      { sequelize: this.db, logger: this.ctx.logger, metrics: this.ctx.metrics },
      (trigger) => this.retention(trigger),
      (c) => c.deliveries ?? 0,
    );
  }
}
