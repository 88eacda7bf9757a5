import { lockKeys, QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';
import { identityModels } from './models.js';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export class LoginFailureRepository {
  private readonly LoginFailure;

  constructor(private readonly db: Sequelize) {
    this.LoginFailure = identityModels(db).LoginFailure;
  }

  /**
   * R-LOGIN-LIMIT: takes one of the window's attempts for the email and the address before the
   * password is checked, counted and recorded as a failure in one transaction that holds a lock
   * on each (email first, so two attempts never wait on each other crosswise). Of any number of
   * attempts at once, at most `limit` get one; the rest hear when the oldest counted one leaves
   * the window. An attempt that turns out right gives its row back (`release`).
   * R-LOGIN-TALLY: a row serves only this count, so rows that left the window are deleted here:
   * the table holds at most `limit` rows per client address, for one window.
   */
  reserve(
    emailHash: string,
    clientIp: string,
    limit: number,
  ): Promise<{ id: string } | { retryAt: Date }> {
    return this.db.transaction(async (transaction) => {
      await lockKeys(this.db, transaction, [
        [1, emailHash],
        [2, clientIp],
      ]);
      await this.prune(transaction);
      const recent = await this.recent(emailHash, clientIp, transaction);
      if (recent.byEmail >= limit || recent.byIp >= limit) {
        return { retryAt: new Date((recent.oldest?.getTime() ?? Date.now()) + LOGIN_WINDOW_MS) };
      }
      const row = await this.LoginFailure.create({ emailHash, clientIp }, { transaction });
      return { id: String(row.get('id')) };
    });
  }

  /** R-LOGIN-TALLY: failures that left the window count no more and go. */
  async prune(transaction?: Transaction): Promise<void> {
    await this.db.query(
      'DELETE FROM login_failures WHERE at <= now() - make_interval(secs => :windowSec)',
      { replacements: { windowSec: LOGIN_WINDOW_MS / 1000 }, transaction },
    );
  }

  /** The attempt was right after all: it no longer counts against the limit. */
  async release(id: string): Promise<void> {
    await this.LoginFailure.destroy({ where: { id } });
  }

  /** Failures in the window for the email and for the address, and when the oldest counted one leaves it. */
  async recent(
    emailHash: string,
    clientIp: string,
    transaction?: Transaction,
  ): Promise<{ byEmail: number; byIp: number; oldest: Date | null }> {
    // Raw SQL: both counts and the oldest in one aggregate (FILTER); the models would take three.
    const [row] = await this.db.query<{ byEmail: string; byIp: string; oldest: Date | null }>(
      `SELECT count(*) FILTER (WHERE email_hash = :emailHash) AS "byEmail",
              count(*) FILTER (WHERE client_ip = :clientIp) AS "byIp",
              min(at) AS oldest
       FROM login_failures
       WHERE at > now() - make_interval(secs => :windowSec)
         AND (email_hash = :emailHash OR client_ip = :clientIp)`,
      {
        replacements: { emailHash, clientIp, windowSec: LOGIN_WINDOW_MS / 1000 },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    return {
      byEmail: Number(row?.byEmail ?? 0),
      byIp: Number(row?.byIp ?? 0),
      oldest: row?.oldest ?? null,
    };
  }
}

export type TallyReason = 'unknown-account' | 'rate-limited';

/**
 * R-LOGIN-TALLY: failed logins for unknown accounts and attempts past the limit, counted per hour
 * and reason (migration 0008) instead of stored one row each.
 */
export class LoginTallyRepository {
  constructor(private readonly db: Sequelize) {}

  /** One more attempt of this hour for `reason`. */
  async count(tx: Transaction, reason: TallyReason): Promise<void> {
    await this.db.query(
      `INSERT INTO login_failure_tallies (hour, reason, attempts)
       VALUES (date_trunc('hour', now()), :reason, 1)
       ON CONFLICT (hour, reason) DO UPDATE SET attempts = login_failure_tallies.attempts + 1`,
      { replacements: { reason }, transaction: tx },
    );
  }

  /** Takes the counts of the hours that are over (each once, whoever asks at the same time). */
  async takeClosed(
    tx: Transaction,
  ): Promise<Array<{ hour: Date; reason: TallyReason; attempts: number }>> {
    const rows = await this.db.query<{ hour: Date; reason: TallyReason; attempts: number }>(
      `WITH gone AS (
         DELETE FROM login_failure_tallies WHERE hour < date_trunc('hour', now())
         RETURNING hour, reason, attempts)
       SELECT hour, reason, attempts FROM gone`,
      { type: QueryTypes.SELECT, transaction: tx },
    );
    return rows.sort((a, b) => a.hour.getTime() - b.hour.getTime());
  }
}
