import { Op, Sequelize, type Transaction } from '@nsa/service-kit';
import { catalogModels, type ActivityTokenAttributes, type ActivityTokenModel } from './models.js';

export interface ActivityToken {
  activityId: number;
  tokenHash: string;
  expiresAt: Date | null;
  revoked: boolean;
  lastUsedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

function toToken(m: ActivityTokenModel | ActivityTokenAttributes): ActivityToken {
  const t = 'get' in m ? m.get() : m;
  return {
    activityId: t.activityId,
    tokenHash: t.tokenHash,
    expiresAt: t.expiresAt,
    revoked: t.revoked,
    lastUsedAt: t.lastUsedAt,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

export class TokenRepository {
  private readonly Token;

  constructor(db: Sequelize) {
    this.Token = catalogModels(db).ActivityToken;
  }

  async forActivity(activityId: number, tx?: Transaction): Promise<ActivityToken | undefined> {
    const row = await this.Token.findOne({ where: { activityId }, transaction: tx, raw: true });
    return row ? toToken(row) : undefined;
  }

  async forActivities(activityIds: number[]): Promise<ActivityToken[]> {
    const rows = await this.Token.findAll({
      where: { activityId: { [Op.in]: activityIds } },
      raw: true,
    });
    return rows.map(toToken);
  }

  /** Generating again replaces the old link, which stops working. */
  async replace(
    tx: Transaction,
    activityId: number,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<ActivityToken> {
    // One statement (INSERT … ON CONFLICT (activity_id) DO UPDATE): the new link starts afresh.
    const [row] = await this.Token.upsert(
      { activityId, tokenHash, expiresAt, revoked: false, lastUsedAt: null, createdAt: new Date() },
      { returning: true, transaction: tx },
    );
    return toToken(row);
  }

  async revoke(tx: Transaction, activityId: number): Promise<ActivityToken | undefined> {
    const [, rows] = await this.Token.update(
      { revoked: true },
      { where: { activityId }, returning: true, transaction: tx },
    );
    return rows[0] && toToken(rows[0]);
  }

  /** Only the link that was used: a replaced link's late report changes nothing. */
  async markUsed(
    tx: Transaction,
    activityId: number,
    tokenHash: string,
    at: string,
  ): Promise<void> {
    // The latest use wins, whatever order the reports arrive in; not a change of the link.
    await this.Token.update(
      {
        lastUsedAt: Sequelize.fn(
          'GREATEST',
          Sequelize.fn('coalesce', Sequelize.col('last_used_at'), at),
          at,
        ) as unknown as Date,
      },
      { where: { activityId, tokenHash }, silent: true, transaction: tx },
    );
  }
}
