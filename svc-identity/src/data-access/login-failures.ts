import { QueryTypes, type Sequelize } from '@nsa/service-kit';
import { identityModels } from './models.js';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export class LoginFailureRepository {
  private readonly LoginFailure;

  constructor(private readonly db: Sequelize) {
    this.LoginFailure = identityModels(db).LoginFailure;
  }

  async record(emailHash: string, clientIp: string): Promise<void> {
    await this.LoginFailure.create({ emailHash, clientIp });
  }

  /** Failures in the window for the email and for the address, and when the oldest counted one leaves it. */
  async recent(
    emailHash: string,
    clientIp: string,
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
      },
    );
    return {
      byEmail: Number(row?.byEmail ?? 0),
      byIp: Number(row?.byIp ?? 0),
      oldest: row?.oldest ?? null,
    };
  }
}
