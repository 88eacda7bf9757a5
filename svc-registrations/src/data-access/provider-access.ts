import { QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';

/** An approved child on a provider's list (R-PROVIDER-LIST). */
export interface ParticipantRow {
  id: number;
  first: string;
  last: string;
  dob: string | null;
}

/** The provider link's use: the access log, its last use here, and the list it shows. */
export class ProviderAccessRepository {
  constructor(private readonly db: Sequelize) {}

  /** One granted look through a provider link (time, activity, address; no token). */
  async logLook(tx: Transaction, look: { activityId: number; clientIp: string }): Promise<void> {
    await this.db.query(
      'INSERT INTO provider_access (activity_id, client_ip, granted) VALUES (:activityId, :clientIp, true)',
      { replacements: look, transaction: tx },
    );
  }

  /**
   * R-PROVIDER-REFUSAL-TALLY: one more refused look in this hour's count (one row per hour;
   * nothing of the request itself).
   */
  async countRefusal(): Promise<void> {
    await this.db.query(
      `INSERT INTO provider_link_refusals (hour, refusals) VALUES (date_trunc('hour', now()), 1)
       ON CONFLICT (hour) DO UPDATE SET refusals = provider_link_refusals.refusals + 1`,
    );
  }

  /**
   * Keeps the link's last-used time, at most once a minute per link (a new link's first use
   * always); answers the time written, or undefined when the last one is recent enough.
   */
  async markUsed(
    tx: Transaction,
    link: { activityId: number; tokenHash: string; expiresAt: string | null },
  ): Promise<Date | undefined> {
    const rows = await this.db.query<{ at: Date }>(
      `INSERT INTO provider_tokens (activity_id, token_hash, expires_at, revoked, last_used_at)
       VALUES (:activityId, :tokenHash, :expiresAt, false, now())
       ON CONFLICT (activity_id) DO UPDATE SET token_hash = EXCLUDED.token_hash,
         expires_at = EXCLUDED.expires_at, revoked = false, last_used_at = now()
       WHERE provider_tokens.token_hash <> EXCLUDED.token_hash
         OR provider_tokens.last_used_at IS NULL
         OR provider_tokens.last_used_at < now() - interval '1 minute'
       RETURNING last_used_at AS at`,
      {
        replacements: link,
        type: QueryTypes.SELECT,
        transaction: tx,
      },
    );
    return rows[0]?.at;
  }

  /** The approved children of an activity, by name then sign-up (R-PROVIDER-LIST). */
  async participants(activityId: number): Promise<ParticipantRow[]> {
    return this.db.query<ParticipantRow>(
      `SELECT id, child_first_name AS first, child_last_name AS last, to_char(child_date_of_birth, 'YYYY-MM-DD') AS dob
       FROM registrations WHERE activity_id = :activityId AND status = 'approved'
       ORDER BY child_last_name, child_first_name, id`,
      { replacements: { activityId }, type: QueryTypes.SELECT },
    );
  }
}
