import {
  ACCESS_LOG_RETENTION_DAYS,
  AUDIT_ACTIONS,
  type PrivacyCounts,
  type PrivacyRecord,
} from '@nsa/contracts';
import {
  retentionJob,
  type DailyJob,
  recordRetentionRun,
  QueryTypes,
  recordAudit,
  sqlNormalisedEmail,
  SYSTEM_ACTOR,
  type PrivacyPart,
  type Sequelize,
  type ServiceContext,
} from '@nsa/service-kit';
import type { AuditLog } from './audit-log.js';
import { emailKey } from './tokens.js';

/** R-PRIVACY-MATCH: the row's address is the one asked for, whole (trimmed, any case). */
const SAME_EMAIL = `${sqlNormalisedEmail('email')} = ${sqlNormalisedEmail(':email')}`;

/**
 * svc-identity's part in the privacy lifecycle (R-RETENTION-ACCESS-LOG, R-PRIVACY-*). It holds
 * parents' data only as login failures and reset requests of their address (a keyed hash,
 * with the client address); admin and provider accounts are people too, and show in an export, but an account is
 * removed on the users screen (never by an erasure of an email, which could remove the last
 * admin).
 * - Daily: login failures, reset requests and used or expired password links older than 90 days
 *   go; each run's
 *   counts are stored in `retention_runs`. The audit log's actors of entries older than
 *   `RETENTION_MONTHS` lose their id and name (R-AUDIT-RETENTION), itself an audit entry.
 */
export class IdentityPrivacy implements PrivacyPart {
  private readonly db: Sequelize;

  constructor(
    private readonly ctx: ServiceContext & { config: { RETENTION_MONTHS: number } },
    private readonly audit?: AuditLog,
  ) {
    this.db = ctx.sequelize;
  }

  /** R-AUDIT-RETENTION: actors of entries older than the retention period, anonymised. */
  private async anonymiseAuditActors(): Promise<number> {
    if (!this.audit) return 0;
    const cutoff = new Date();
    cutoff.setUTCMonth(cutoff.getUTCMonth() - this.ctx.config.RETENTION_MONTHS);
    const n = await this.audit.anonymiseActorsBefore(cutoff);
    if (n > 0)
      await this.db.transaction((tx) =>
        recordAudit(tx, this.ctx.outbox, 'identity', {
          actor: SYSTEM_ACTOR,
          action: AUDIT_ACTIONS.retentionAnonymised,
          target: { type: 'audit', id: null },
          changes: { anonymisedActors: { before: null, after: n } },
          reason: `older than ${this.ctx.config.RETENTION_MONTHS} months`,
        }),
      );
    return n;
  }

  private key(email: string): string {
    return emailKey(this.ctx.config.SESSION_SECRET, email);
  }

  async export(email: string): Promise<PrivacyRecord[]> {
    const q = <T extends object>(sql: string) =>
      this.db.query<T>(sql, {
        replacements: { email, key: this.key(email) },
        type: QueryTypes.SELECT,
      });
    const users = await q<Record<string, unknown>>(
      `SELECT id, email, name, role, language, created_at AS "createdAt",
         last_login_at AS "lastLoginAt" FROM users WHERE ${SAME_EMAIL}`,
    );
    const links = await q<Record<string, unknown>>(
      `SELECT id, email, purpose, created_at AS "createdAt", expires_at AS "expiresAt", used
       FROM password_tokens WHERE ${SAME_EMAIL}`,
    );
    const failures = await q<Record<string, unknown>>(
      `SELECT id, client_ip AS "clientIp", at FROM login_failures WHERE email_hash = :key
       ORDER BY at`,
    );
    const resets = await q<Record<string, unknown>>(
      `SELECT id, client_ip AS "clientIp", sent, at FROM reset_requests WHERE email_hash = :key
       ORDER BY at`,
    );
    return [
      ...users.map((fields) => ({ table: 'users', fields })),
      ...links.map((fields) => ({ table: 'password_tokens', fields })),
      ...failures.map((fields) => ({ table: 'login_failures', fields })),
      ...resets.map((fields) => ({ table: 'reset_requests', fields })),
    ];
  }

  async erase(email: string): Promise<PrivacyCounts> {
    const gone = async (table: string) =>
      (
        await this.db.query<{ n: number }>(
          `WITH gone AS (DELETE FROM ${table} WHERE email_hash = :key RETURNING 1)
           SELECT count(*)::int AS n FROM gone`,
          { replacements: { key: this.key(email) }, type: QueryTypes.SELECT },
        )
      )[0]?.n ?? 0;
    const loginFailures = await gone('login_failures');
    const resetRequests = await gone('reset_requests');
    return { loginFailures, ...(resetRequests > 0 ? { resetRequests } : {}) };
  }

  retention(trigger = 'request'): Promise<PrivacyCounts> {
    return recordRetentionRun(this.db, trigger, () => this.retire());
  }

  private async retire(): Promise<PrivacyCounts> {
    const count = async (sql: string) =>
      (
        await this.db.query<{ n: number }>(
          `WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
          { replacements: { days: ACCESS_LOG_RETENTION_DAYS }, type: QueryTypes.SELECT },
        )
      )[0]?.n ?? 0;
    const counts: PrivacyCounts = {
      loginFailures: await count(
        'DELETE FROM login_failures WHERE at < now() - make_interval(days => :days)',
      ),
      resetRequests: await count(
        'DELETE FROM reset_requests WHERE at < now() - make_interval(days => :days)',
      ),
      passwordLinks: await count(
        `DELETE FROM password_tokens WHERE (used OR expires_at < now())
           AND created_at < now() - make_interval(days => :days)`,
      ),
    };
    // Named only when there were any, as the other counts' readers expect (R-AUDIT-RETENTION).
    const auditActors = await this.anonymiseAuditActors();
    if (auditActors > 0) Object.assign(counts, { auditActors });
    return counts;
  }

  /** R-RETENTION-JOB: on start and daily. */
  job(): DailyJob<PrivacyCounts> {
    return retentionJob(
      { sequelize: this.db, logger: this.ctx.logger, metrics: this.ctx.metrics },
      (trigger) => this.retention(trigger),
      (c) =>
        (c.loginFailures ?? 0) +
        (c.resetRequests ?? 0) +
        (c.passwordLinks ?? 0) +
        (c.auditActors ?? 0),
    );
  }
}
