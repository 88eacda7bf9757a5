import { QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';

export type TokenPurpose = 'reset' | 'setup';

export class PasswordTokenRepository {
  constructor(private readonly db: Sequelize) {}

  async insert(
    tx: Transaction,
    t: { userId: number; email: string; tokenHash: string; purpose: TokenPurpose; expiresAt: Date },
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO password_tokens (user_id, email, token_hash, purpose, expires_at)
       VALUES (:userId, :email, :tokenHash, :purpose, :expiresAt)`,
      { replacements: t, transaction: tx },
    );
  }

  /** Marks a live token used and returns its user; a used, expired or unknown token gives nothing. */
  async consume(tx: Transaction, tokenHash: string): Promise<{ userId: number } | undefined> {
    const [row] = await this.db.query<{ userId: number }>(
      `UPDATE password_tokens SET used = true, updated_at = now()
       WHERE token_hash = :tokenHash AND NOT used AND expires_at > now()
       RETURNING user_id AS "userId"`,
      { replacements: { tokenHash }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row;
  }
}
