import {
  QueryTypes,
  recordRetentionRun,
  sqlNormalisedEmail,
  type Sequelize,
} from '@nsa/service-kit';

/** R-PRIVACY-MATCH: the row's address is the one asked for, whole (trimmed, any case). */
const SAME_EMAIL = `${sqlNormalisedEmail('email')} = ${sqlNormalisedEmail(':email')}`;

type Fields = Record<string, unknown>;

/** What svc-identity holds of an email address, table by table. */
export interface HeldRows {
  users: Fields[];
  passwordTokens: Fields[];
  loginFailures: Fields[];
  resetRequests: Fields[];
}

/**
 * The rows the privacy lifecycle reads and deletes: users and password links by their address,
 * login failures and reset requests by the keyed hash of it.
 */
export class PrivacyRepository {
  constructor(private readonly db: Sequelize) {}

  /** Every row that holds the email (`email`) or its keyed hash (`emailHash`). */
  async holding(email: string, emailHash: string): Promise<HeldRows> {
    const q = <T extends object>(sql: string) =>
      this.db.query<T>(sql, {
        replacements: { email, key: emailHash },
        type: QueryTypes.SELECT,
      });
    return {
      users: await q<Fields>(
        `SELECT id, email, name, role, language, created_at AS "createdAt",
           last_login_at AS "lastLoginAt" FROM users WHERE ${SAME_EMAIL}`,
      ),
      passwordTokens: await q<Fields>(
        `SELECT id, email, purpose, created_at AS "createdAt", expires_at AS "expiresAt", used
         FROM password_tokens WHERE ${SAME_EMAIL}`,
      ),
      loginFailures: await q<Fields>(
        `SELECT id, client_ip AS "clientIp", at FROM login_failures WHERE email_hash = :key
         ORDER BY at`,
      ),
      resetRequests: await q<Fields>(
        `SELECT id, client_ip AS "clientIp", sent, at FROM reset_requests WHERE email_hash = :key
         ORDER BY at`,
      ),
    };
  }

  /** Deletes the login failures and reset requests of the keyed hash; how many of each. */
  async eraseByEmailHash(
    emailHash: string,
  ): Promise<{ loginFailures: number; resetRequests: number }> {
    const gone = async (table: string) =>
      (
        await this.db.query<{ n: number }>(
          `WITH gone AS (DELETE FROM ${table} WHERE email_hash = :key RETURNING 1)
           SELECT count(*)::int AS n FROM gone`,
          { replacements: { key: emailHash }, type: QueryTypes.SELECT },
        )
      )[0]?.n ?? 0;
    const loginFailures = await gone('login_failures');
    const resetRequests = await gone('reset_requests');
    return { loginFailures, resetRequests };
  }

  /**
   * Deletes login failures, reset requests, and used or expired password links older than
   * `days`; how many of each.
   */
  async deleteOlderThan(
    days: number,
  ): Promise<{ loginFailures: number; resetRequests: number; passwordLinks: number }> {
    const count = async (sql: string) =>
      (
        await this.db.query<{ n: number }>(
          `WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
          { replacements: { days }, type: QueryTypes.SELECT },
        )
      )[0]?.n ?? 0;
    return {
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
  }

  /** Runs `work` as one retention run recorded in `retention_runs` (its trigger and counts). */
  recordRun<C>(trigger: string, work: () => Promise<C>): Promise<C> {
    return recordRetentionRun(this.db, trigger, work);
  }
}
