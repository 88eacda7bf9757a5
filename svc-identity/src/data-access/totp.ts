import { type Sequelize, type Transaction } from '@nsa/service-kit';
import { identityModels } from './models.js';

/** R-TOTP: each account's sealed TOTP secret with its last used step, and its recovery codes. */
export class TotpRepository {
  private readonly Credential;
  private readonly RecoveryCode;

  constructor(db: Sequelize) {
    const models = identityModels(db);
    this.Credential = models.TotpCredential;
    this.RecoveryCode = models.RecoveryCode;
  }

  /** The account's sealed secret and last used step, locked for the login that checks a code. */
  async credential(
    userId: number,
    tx?: Transaction,
  ): Promise<{ secretSealed: string; lastStep: number } | undefined> {
    const row = await this.Credential.findByPk(userId, {
      transaction: tx,
      lock: tx ? tx.LOCK.UPDATE : undefined,
    });
    if (!row) return undefined;
    const { secretSealed, lastStep } = row.get();
    return { secretSealed, lastStep: Number(lastStep) };
  }

  /** Every account's sealed secret (a few: one per account with two-step login). */
  async sealedSecrets(): Promise<Array<{ userId: number; secretSealed: string }>> {
    const rows = await this.Credential.findAll({ attributes: ['userId', 'secretSealed'] });
    return rows.map((r) => {
      const { userId, secretSealed } = r.get();
      return { userId, secretSealed };
    });
  }

  /** The same secret sealed anew, unless the row changed meanwhile; true when replaced. */
  async replaceSealed(
    userId: number,
    from: string,
    to: string,
    tx?: Transaction,
  ): Promise<boolean> {
    const [n] = await this.Credential.update(
      { secretSealed: to },
      { where: { userId, secretSealed: from }, transaction: tx },
    );
    return n > 0;
  }

  /** Turns two-step login on with a confirmed secret and a fresh set of recovery codes. */
  async enable(
    tx: Transaction,
    userId: number,
    secretSealed: string,
    step: number,
    codeHashes: string[],
  ): Promise<void> {
    await this.Credential.upsert(
      { userId, secretSealed, lastStep: String(step) },
      { transaction: tx },
    );
    await this.RecoveryCode.destroy({ where: { userId }, transaction: tx });
    await this.RecoveryCode.bulkCreate(
      codeHashes.map((codeHash) => ({ userId, codeHash })),
      { transaction: tx },
    );
  }

  /** A code of this step was taken: no code of it or an earlier step is taken again. */
  async useStep(tx: Transaction, userId: number, step: number): Promise<void> {
    await this.Credential.update(
      { lastStep: String(step) },
      { where: { userId }, transaction: tx },
    );
  }

  /** Takes a recovery code: true when it was one of the account's unused ones. */
  async useRecoveryCode(tx: Transaction, userId: number, codeHash: string): Promise<boolean> {
    return (await this.RecoveryCode.destroy({ where: { userId, codeHash }, transaction: tx })) > 0;
  }

  /** Turns two-step login off; true when it was on. */
  async disable(tx: Transaction, userId: number): Promise<boolean> {
    await this.RecoveryCode.destroy({ where: { userId }, transaction: tx });
    return (await this.Credential.destroy({ where: { userId }, transaction: tx })) > 0;
  }
}
