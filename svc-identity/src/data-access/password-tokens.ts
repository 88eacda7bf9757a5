import { Op, Sequelize, type Transaction } from '@nsa/service-kit';
import { identityModels } from './models.js';

export type TokenPurpose = 'reset' | 'setup';

export class PasswordTokenRepository {
  private readonly Token;

  constructor(db: Sequelize) {
    this.Token = identityModels(db).PasswordToken;
  }

  async insert(
    tx: Transaction,
    t: { userId: number; email: string; tokenHash: string; purpose: TokenPurpose; expiresAt: Date },
  ): Promise<void> {
    await this.Token.create(t, { transaction: tx });
  }

  /** Whether a token is live (unused, unexpired): checked before any costly work for it. */
  async isLive(tokenHash: string): Promise<boolean> {
    const found = await this.Token.findOne({
      where: { tokenHash, used: false, expiresAt: { [Op.gt]: Sequelize.fn('now') } },
      attributes: ['id'],
    });
    return found !== null;
  }

  /**
   * R-ACCOUNT-LINKS-END: ends every outstanding link of a user (a newer link, a new
   * password or another email replaces them); the number ended.
   */
  async endAllOf(tx: Transaction, userId: number): Promise<number> {
    const [n] = await this.Token.update(
      { used: true },
      { where: { userId, used: false }, transaction: tx },
    );
    return n;
  }

  /** Marks a live token used and returns its user; a used, expired or unknown token gives nothing. */
  async consume(tx: Transaction, tokenHash: string): Promise<{ userId: number } | undefined> {
    // One conditional UPDATE: of two uses at once, only one finds the token unused.
    const [, rows] = await this.Token.update(
      { used: true },
      {
        where: { tokenHash, used: false, expiresAt: { [Op.gt]: Sequelize.fn('now') } },
        returning: true,
        transaction: tx,
      },
    );
    return rows[0] && { userId: rows[0].get().userId };
  }
}
