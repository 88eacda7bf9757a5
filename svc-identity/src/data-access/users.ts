import { Sequelize, type Transaction } from '@nsa/service-kit';
import type { PublicUser, Role, StaffLang } from '@nsa/contracts';
import { identityModels, type UserAttributes, type UserModel } from './models.js';

export interface UserRow extends PublicUser {
  passwordHash: string | null;
  language: StaffLang;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** R-TOTP: whether the user has two-step login on, read with the user. */
const WITH_TOTP = {
  include: [
    [
      Sequelize.literal('EXISTS (SELECT 1 FROM totp_credentials t WHERE t.user_id = "User".id)'),
      'totpEnabled',
    ],
  ] as [ReturnType<typeof Sequelize.literal>, string][],
};

/** A user with its times as the API gives them (ISO strings). */
function toRow(m: UserModel | UserAttributes): UserRow {
  const u = ('get' in m ? m.get() : m) as UserAttributes & { totpEnabled?: boolean };
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    passwordHash: u.passwordHash,
    language: u.language,
    createdAt: iso(u.createdAt)!,
    updatedAt: iso(u.updatedAt)!,
    lastLoginAt: iso(u.lastLoginAt),
    totpEnabled: u.totpEnabled === true,
  };
}

export class UserRepository {
  private readonly User;

  constructor(db: Sequelize) {
    this.User = identityModels(db).User;
  }

  async list(): Promise<UserRow[]> {
    const rows = await this.User.findAll({
      attributes: WITH_TOTP,
      order: [
        ['name', 'ASC'],
        ['id', 'ASC'],
      ],
      raw: true,
    });
    return rows.map(toRow);
  }

  async byId(id: number, tx?: Transaction): Promise<UserRow | undefined> {
    const row = await this.User.findByPk(id, { attributes: WITH_TOTP, transaction: tx, raw: true });
    return row ? toRow(row) : undefined;
  }

  /**
   * Case-insensitive, as the unique index users_email_per_organisation is; the work's
   * organisation's account alone (R-ORG-ACCOUNTS).
   */
  async byEmail(email: string, tx?: Transaction): Promise<UserRow | undefined> {
    const row = await this.User.findOne({
      attributes: WITH_TOTP,
      where: Sequelize.where(
        Sequelize.fn('lower', Sequelize.col('email')),
        Sequelize.fn('lower', email.trim()),
      ),
      transaction: tx,
      raw: true,
    });
    return row ? toRow(row) : undefined;
  }

  count(tx?: Transaction): Promise<number> {
    return this.User.count({ transaction: tx });
  }

  /** Admins, locked, so that two deletions at once cannot remove the last one. */
  async lockAdmins(tx: Transaction): Promise<number[]> {
    const rows = await this.User.findAll({
      attributes: ['id'],
      where: { role: 'admin' },
      order: [['id', 'ASC']],
      lock: true,
      transaction: tx,
    });
    return rows.map((r) => r.get().id);
  }

  async insert(
    tx: Transaction,
    u: {
      email: string;
      name: string;
      role: Role;
      passwordHash: string | null;
      language?: StaffLang;
    },
  ): Promise<UserRow> {
    const user = await this.User.create(
      { ...u, language: u.language ?? 'nl' },
      { transaction: tx },
    );
    return toRow(user);
  }

  async update(
    tx: Transaction,
    id: number,
    u: { email: string; name: string; role: Role },
  ): Promise<UserRow | undefined> {
    const [count] = await this.User.update(
      { email: u.email, name: u.name, role: u.role },
      { where: { id }, transaction: tx },
    );
    return count > 0 ? this.byId(id, tx) : undefined;
  }

  async setPassword(tx: Transaction, id: number, passwordHash: string): Promise<void> {
    await this.User.update({ passwordHash }, { where: { id }, transaction: tx });
  }

  /** The login's time on the database's clock; not a change of the user (updated_at stays). */
  async touchLogin(id: number): Promise<Date> {
    const [, rows] = await this.User.update(
      { lastLoginAt: Sequelize.fn('now') as unknown as Date },
      { where: { id }, returning: true, silent: true },
    );
    return rows[0]!.get().lastLoginAt!;
  }

  async remove(tx: Transaction, id: number): Promise<boolean> {
    return (await this.User.destroy({ where: { id }, transaction: tx })) > 0;
  }
}
