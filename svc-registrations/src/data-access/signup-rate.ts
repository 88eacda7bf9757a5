import { QueryTypes, type Sequelize } from '@nsa/service-kit';

/** The window of the sign-up limit (R-SIGNUP-RATE): a minute per client address. */
export const SIGNUP_WINDOW_MS = 60_000;

/** The sign-up counts per client address (R-SIGNUP-RATE, migration 0013). */
export class SignupRateRepository {
  constructor(private readonly db: Sequelize) {}

  /**
   * Counts one sign-up of the address (its keyed hash) and answers its count in the window and
   * how long until the window ends (by the database's clock): one statement. A window that has ended starts again with this
   * sign-up. Two processes counting one address at once take turns on its row, so every
   * sign-up is counted once, whichever process took it.
   */
  async hit(clientKey: string): Promise<{ hits: number; endsInMs: number }> {
    const [row] = await this.db.query<{ hits: number; endsInMs: number }>(
      `INSERT INTO signup_rate AS r (client_key, window_start, hits) VALUES (:clientKey, now(), 1)
       ON CONFLICT (client_key) DO UPDATE SET
         hits = CASE WHEN r.window_start > now() - make_interval(secs => :windowSec)
           THEN r.hits + 1 ELSE 1 END,
         window_start = CASE WHEN r.window_start > now() - make_interval(secs => :windowSec)
           THEN r.window_start ELSE now() END
       RETURNING hits, (EXTRACT(EPOCH FROM r.window_start - now()) * 1000
         + :windowSec * 1000)::float8 AS "endsInMs"`,
      {
        replacements: { clientKey, windowSec: SIGNUP_WINDOW_MS / 1000 },
        type: QueryTypes.SELECT,
      },
    );
    return row!;
  }

  /** Rows whose window has ended count nothing any more and go; answers how many. */
  async prune(): Promise<number> {
    const [, meta] = await this.db.query(
      'DELETE FROM signup_rate WHERE window_start <= now() - make_interval(secs => :windowSec)',
      { replacements: { windowSec: SIGNUP_WINDOW_MS / 1000 } },
    );
    return (meta as { rowCount?: number } | undefined)?.rowCount ?? 0;
  }
}
