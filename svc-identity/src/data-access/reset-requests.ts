import { lockKeys, QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';

export const RESET_WINDOW_MS = 60 * 60 * 1000;
/** R-RESET-LIMIT: emails per address per hour. */
export const RESETS_PER_EMAIL = 3;
/** R-RESET-LIMIT: requests per client address per hour that may still send an email. */
export const RESETS_PER_CLIENT = 10;

/** The password reset requests of the last hour (migration 0006-reset-requests). */
export class ResetRequestRepository {
  constructor(private readonly db: Sequelize) {}

  /**
   * Records a request and says whether it may send an email: fewer than RESETS_PER_EMAIL sent
   * for the email and fewer than RESETS_PER_CLIENT requests from the address in the last hour.
   * Counted under a lock on each (email first), so requests at once cannot pass it together.
   */
  async admit(tx: Transaction, emailHash: string, clientIp: string): Promise<boolean> {
    await lockKeys(this.db, tx, [
      [3, emailHash],
      [4, clientIp],
    ]);
    const windowSec = RESET_WINDOW_MS / 1000;
    await this.db.query(
      'DELETE FROM reset_requests WHERE at < now() - make_interval(secs => :windowSec)',
      { replacements: { windowSec }, transaction: tx },
    );
    const [row] = await this.db.query<{ byEmail: string; byIp: string }>(
      `SELECT count(*) FILTER (WHERE email_hash = :emailHash AND sent) AS "byEmail",
              count(*) FILTER (WHERE client_ip = :clientIp) AS "byIp"
       FROM reset_requests
       WHERE email_hash = :emailHash OR client_ip = :clientIp`,
      { replacements: { emailHash, clientIp }, type: QueryTypes.SELECT, transaction: tx },
    );
    const sent =
      Number(row?.byEmail ?? 0) < RESETS_PER_EMAIL && Number(row?.byIp ?? 0) < RESETS_PER_CLIENT;
    await this.db.query(
      'INSERT INTO reset_requests (email_hash, client_ip, sent) VALUES (:emailHash, :clientIp, :sent)',
      { replacements: { emailHash, clientIp, sent }, transaction: tx },
    );
    return sent;
  }
}
