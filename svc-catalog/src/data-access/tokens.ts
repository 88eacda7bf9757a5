import { QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';

export interface ActivityToken {
  activityId: number;
  tokenHash: string;
  expiresAt: Date | null;
  revoked: boolean;
  lastUsedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = `activity_id AS "activityId", token_hash AS "tokenHash", expires_at AS "expiresAt", revoked,
  last_used_at AS "lastUsedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

export class TokenRepository {
  constructor(private readonly db: Sequelize) {}

  async forActivity(activityId: number, tx?: Transaction): Promise<ActivityToken | undefined> {
    const [row] = await this.db.query<ActivityToken>(
      `SELECT ${COLUMNS} FROM activity_tokens WHERE activity_id = :activityId`,
      { replacements: { activityId }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row;
  }

  async forActivities(activityIds: number[]): Promise<ActivityToken[]> {
    return this.db.query<ActivityToken>(
      `SELECT ${COLUMNS} FROM activity_tokens WHERE activity_id IN (:activityIds)`,
      { replacements: { activityIds }, type: QueryTypes.SELECT },
    );
  }

  /** Generating again replaces the old link, which stops working. */
  async replace(
    tx: Transaction,
    activityId: number,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<ActivityToken> {
    const [row] = await this.db.query<ActivityToken>(
      `INSERT INTO activity_tokens (activity_id, token_hash, expires_at)
       VALUES (:activityId, :tokenHash, :expiresAt)
       ON CONFLICT (activity_id) DO UPDATE SET token_hash = EXCLUDED.token_hash,
         expires_at = EXCLUDED.expires_at, revoked = false, last_used_at = NULL,
         created_at = now(), updated_at = now()
       RETURNING ${COLUMNS}`,
      {
        replacements: { activityId, tokenHash, expiresAt },
        type: QueryTypes.SELECT,
        transaction: tx,
      },
    );
    return row!;
  }

  async revoke(tx: Transaction, activityId: number): Promise<ActivityToken | undefined> {
    const [row] = await this.db.query<ActivityToken>(
      `UPDATE activity_tokens SET revoked = true, updated_at = now() WHERE activity_id = :activityId
       RETURNING ${COLUMNS}`,
      { replacements: { activityId }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row;
  }

  /** Only the link that was used: a replaced link's late report changes nothing. */
  async markUsed(
    tx: Transaction,
    activityId: number,
    tokenHash: string,
    at: string,
  ): Promise<void> {
    await this.db.query(
      `UPDATE activity_tokens SET last_used_at = GREATEST(coalesce(last_used_at, :at), :at)
       WHERE activity_id = :activityId AND token_hash = :tokenHash`,
      { replacements: { activityId, tokenHash, at }, transaction: tx },
    );
  }
}
