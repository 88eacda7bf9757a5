import {
  QueryTypes,
  sqlJsonHoldsEmail,
  sqlNormalisedEmail,
  withAdvisoryLock,
  type Sequelize,
  type Transaction,
} from '@nsa/service-kit';
import type { PrivacyCounts, PrivacyRecord, RetentionReport } from '@nsa/contracts';
import { ERASED_PERSONAL_FIELDS, PERSONAL_COLUMNS } from './registrations.js';

/**
 * The Sunday that ends a block's last ISO week: Monday of week 1 is the Monday on or before
 * 4 January of the block's year.
 */
const BLOCK_END = `(make_date(a.block_year, 1, 4)
  - (extract(isodow FROM make_date(a.block_year, 1, 4))::int - 1) + (a.week_end - 1) * 7 + 6)`;

/** Sign-ups as the privacy export shows them: every personal field, and what they are about. */
const EXPORT_COLUMNS = `r.id, r.activity_id AS "activityId", a.title AS "activityTitle",
  a.school_name AS "schoolName", a.block_name AS "blockName", a.block_year AS "blockYear",
  ${PERSONAL_COLUMNS}, r.language,
  r.status, r.rejection_reason AS "rejectionReason", r.created_at AS "createdAt",
  r.updated_at AS "updatedAt"`;

/**
 * What the privacy lifecycle reads and writes here (R-RETENTION-*, R-PRIVACY-*). Every erasure
 * keeps the sign-up's row with its status, dates, activity and counts, and removes what names a
 * person: the child's names, date of birth, age and group, the parent's name, email and phone,
 * the rejection reason, the parent's links, and the events that carried them.
 */
export class PrivacyRepository {
  constructor(private readonly db: Sequelize) {}

  /**
   * Up to `limit` sign-ups not yet erased whose block ended (its last week's Sunday) before
   * `cutoff`, locked for this transaction; a concurrent run skips them (R-RETENTION-JOB).
   */
  async expired(tx: Transaction, cutoff: string, limit: number): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      `SELECT r.id FROM registrations r JOIN activities a ON a.id = r.activity_id
       WHERE r.erased_at IS NULL AND ${BLOCK_END} < CAST(:cutoff AS date)
       ORDER BY r.id LIMIT :limit FOR UPDATE OF r SKIP LOCKED`,
      { replacements: { cutoff, limit }, type: QueryTypes.SELECT, transaction: tx },
    );
    return rows.map((r) => r.id);
  }

  /**
   * R-RETENTION-PERIOD: the personal fields of these sign-ups gone; status, dates and the
   * activity stay (so every count stays); their links deleted. Answers the ids it changed.
   */
  async anonymise(tx: Transaction, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    await this.db.query('DELETE FROM manage_tokens WHERE registration_id IN (:ids)', {
      replacements: { ids },
      transaction: tx,
    });
    const rows = await this.db.query<{ id: number }>(
      `UPDATE registrations AS r SET ${ERASED_PERSONAL_FIELDS}, erased_at = now()
       WHERE r.id IN (:ids) AND r.erased_at IS NULL
       RETURNING r.id`,
      { replacements: { ids }, type: QueryTypes.SELECT, transaction: tx },
    );
    return rows.map((r) => r.id);
  }

  /**
   * The outbox rows about these sign-ups (or holding one of these emails as a whole value,
   * R-PRIVACY-MATCH) lose what names a person: a published row is deleted (its event is in the
   * stream, which this service purges too), one not yet published keeps its counts but not its
   * email content. Erasure events, which hold only ids, stay. Answers how many rows changed.
   */
  async scrubOutbox(tx: Transaction, ids: number[], emails: string[] = []): Promise<number> {
    if (ids.length === 0 && emails.length === 0) return 0;
    const byEmail = emails.map((_, i) => sqlJsonHoldsEmail('data', `email${i}`));
    const match = `type NOT IN ('registrations.registration.erased',
        'registrations.registrations.erased')
      AND (CAST(data->>'registrationId' AS integer) = ANY (CAST(:ids AS integer[]))
        OR (data->'target'->>'type' = 'registration'
          AND data->'target'->>'id' = ANY (CAST(:idTexts AS text[])))
        ${byEmail.map((c) => `OR ${c}`).join('\n        ')})`;
    const replacements: Record<string, string> = {
      ids: `{${ids.join(',')}}`,
      idTexts: `{${ids.join(',')}}`,
    };
    emails.forEach((e, i) => (replacements[`email${i}`] = e));
    const [deleted] = await this.db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM outbox WHERE published_at IS NOT NULL AND ${match} RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      { replacements, type: QueryTypes.SELECT, transaction: tx },
    );
    const [stripped] = await this.db.query<{ n: number }>(
      `WITH changed AS (UPDATE outbox SET data = (data - 'notification')
         || jsonb_build_object('sendEmail', false)
       WHERE published_at IS NULL AND data ? 'notification' AND ${match} RETURNING 1)
       SELECT count(*)::int AS n FROM changed`,
      { replacements, type: QueryTypes.SELECT, transaction: tx },
    );
    return (deleted?.n ?? 0) + (stripped?.n ?? 0);
  }

  /**
   * R-RETENTION-ACCESS-LOG: provider access rows (with client addresses) older than `days`, and
   * the hourly counts of refused looks (R-PROVIDER-REFUSAL-TALLY) as old.
   */
  async pruneProviderAccess(days: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM provider_access
         WHERE at < now() - make_interval(days => :days) RETURNING 1),
       counts AS (DELETE FROM provider_link_refusals
         WHERE hour < now() - make_interval(days => :days) RETURNING 1)
       SELECT (SELECT count(*) FROM gone)::int + (SELECT count(*) FROM counts)::int AS n`,
      { replacements: { days }, type: QueryTypes.SELECT },
    );
    return row?.n ?? 0;
  }

  /** The sign-ups erased within the last `seconds` (their stream messages may still be there). */
  async erasedWithin(seconds: number): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      `SELECT id FROM registrations WHERE erased_at > now() - make_interval(secs => :secs)`,
      { replacements: { secs: seconds }, type: QueryTypes.SELECT },
    );
    return rows.map((r) => r.id);
  }

  /**
   * Runs `fn` holding the advisory lock of the job `name` (the one its daily runs hold), so no
   * run of it goes on at the same time in any process; `{ locked: false }` when one does.
   */
  whileJobHeld<T>(
    name: string,
    fn: () => Promise<T>,
  ): Promise<{ locked: true; value: T } | { locked: false }> {
    return withAdvisoryLock(this.db, `job:${name}`, fn);
  }

  /** The sign-ups not yet erased that hold this email, whole (R-PRIVACY-MATCH). */
  async idsOfEmail(email: string): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      `SELECT id FROM registrations
       WHERE ${sqlNormalisedEmail('email')} = ${sqlNormalisedEmail(':email')}
         AND erased_at IS NULL
       ORDER BY id`,
      { replacements: { email }, type: QueryTypes.SELECT },
    );
    return rows.map((r) => r.id);
  }

  /**
   * R-PRIVACY-EXPORT: every record here that holds this email, whole (R-PRIVACY-MATCH): the
   * sign-ups with it as their address, and the outbox events with it as one of their values.
   */
  async export(email: string): Promise<PrivacyRecord[]> {
    const signups = await this.db.query<Record<string, unknown>>(
      `SELECT ${EXPORT_COLUMNS} FROM registrations r JOIN activities a ON a.id = r.activity_id
       WHERE ${sqlNormalisedEmail('r.email')} = ${sqlNormalisedEmail(':email')} ORDER BY r.id`,
      { replacements: { email }, type: QueryTypes.SELECT },
    );
    const events = await this.db.query<Record<string, unknown>>(
      `SELECT id, type, occurred_at AS "occurredAt", published_at AS "publishedAt", data
       FROM outbox WHERE ${sqlJsonHoldsEmail('data', 'email')} ORDER BY seq`,
      { replacements: { email }, type: QueryTypes.SELECT },
    );
    return [
      ...signups.map((fields) => ({ table: 'registrations', fields })),
      ...events.map((fields) => ({ table: 'outbox', fields })),
    ];
  }

  /** Called under the job's lock for a job run, so no other job run is running. */
  async startRun(trigger: RetentionReport['trigger']): Promise<number> {
    // A job run that never finished (its process died) is failed: this one does its rest.
    if (trigger !== 'request')
      await this.db.query(
        `UPDATE retention_runs SET status = 'failed', finished_at = now()
         WHERE status = 'running' AND trigger <> 'request'`,
      );
    const [row] = await this.db.query<{ id: number }>(
      'INSERT INTO retention_runs (trigger) VALUES (:trigger) RETURNING id',
      { replacements: { trigger }, type: QueryTypes.SELECT },
    );
    return Number(row!.id);
  }

  async saveRun(
    id: number,
    status: 'running' | 'done' | 'failed',
    report: { cutoff?: string; counts: Record<string, PrivacyCounts>; unavailable: string[] },
  ): Promise<void> {
    await this.db.query(
      `UPDATE retention_runs SET status = :status, report = CAST(:report AS jsonb),
         finished_at = CASE WHEN :status = 'running' THEN NULL ELSE now() END
       WHERE id = :id`,
      { replacements: { id, status, report: JSON.stringify(report) } },
    );
  }

  /** One run's report, or the latest one's without an id. */
  async run(id?: number): Promise<RetentionReport | null> {
    const [row] = await this.db.query<{
      id: string;
      trigger: RetentionReport['trigger'];
      startedAt: Date;
      finishedAt: Date | null;
      status: RetentionReport['status'];
      report: { cutoff?: string; counts?: RetentionReport['counts']; unavailable?: string[] };
    }>(
      `SELECT id, trigger, started_at AS "startedAt", finished_at AS "finishedAt", status, report
       FROM retention_runs WHERE (CAST(:id AS bigint) IS NULL OR id = :id) ORDER BY id DESC LIMIT 1`,
      { replacements: { id: id ?? null }, type: QueryTypes.SELECT },
    );
    if (!row) return null;
    return {
      id: Number(row.id),
      trigger: row.trigger,
      startedAt: new Date(row.startedAt).toISOString(),
      finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
      status: row.status,
      ...(row.report.cutoff ? { cutoff: row.report.cutoff } : {}),
      counts: row.report.counts ?? {},
      unavailable: row.report.unavailable ?? [],
    };
  }

  /** When the last run of the daily job (not an erasure on request) started. */
  async lastJobStart(): Promise<Date | null> {
    const [row] = await this.db.query<{ at: Date | null }>(
      `SELECT max(started_at) AS at FROM retention_runs WHERE trigger IN ('start', 'daily', 'manual')`,
      { type: QueryTypes.SELECT },
    );
    return row?.at ? new Date(row.at) : null;
  }
}
