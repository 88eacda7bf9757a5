import { QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';
import type { PublicUser, Role } from '@nsa/contracts';

export interface UserRow extends PublicUser {
  passwordHash: string | null;
  language: 'nl' | 'en';
}

const COLUMNS = `id, email, name, role, password_hash AS "passwordHash", language,
  created_at AS "createdAt", updated_at AS "updatedAt", last_login_at AS "lastLoginAt"`;

export class UserRepository {
  constructor(private readonly db: Sequelize) {}

  async list(): Promise<UserRow[]> {
    return this.db.query<UserRow>(`SELECT ${COLUMNS} FROM users ORDER BY name, id`, {
      type: QueryTypes.SELECT,
    });
  }

  async byId(id: number, tx?: Transaction): Promise<UserRow | undefined> {
    const [row] = await this.db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = :id`, {
      replacements: { id },
      type: QueryTypes.SELECT,
      transaction: tx,
    });
    return row;
  }

  async byEmail(email: string, tx?: Transaction): Promise<UserRow | undefined> {
    const [row] = await this.db.query<UserRow>(
      `SELECT ${COLUMNS} FROM users WHERE lower(email) = lower(:email)`,
      { replacements: { email: email.trim() }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row;
  }

  async count(tx?: Transaction): Promise<number> {
    const [row] = await this.db.query<{ n: string }>('SELECT count(*) AS n FROM users', {
      type: QueryTypes.SELECT,
      transaction: tx,
    });
    return Number(row?.n ?? 0);
  }

  /** Admins, locked, so that two deletions at once cannot remove the last one. */
  async lockAdmins(tx: Transaction): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      "SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE",
      { type: QueryTypes.SELECT, transaction: tx },
    );
    return rows.map((r) => r.id);
  }

  async insert(
    tx: Transaction,
    u: { email: string; name: string; role: Role; passwordHash: string | null; language?: string },
  ): Promise<UserRow> {
    const [row] = await this.db.query<UserRow>(
      `INSERT INTO users (email, name, role, password_hash, language)
       VALUES (:email, :name, :role, :passwordHash, :language) RETURNING ${COLUMNS}`,
      { replacements: { language: 'nl', ...u }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row!;
  }

  async update(
    tx: Transaction,
    id: number,
    u: { email: string; name: string; role: Role },
  ): Promise<UserRow | undefined> {
    const [row] = await this.db.query<UserRow>(
      `UPDATE users SET email = :email, name = :name, role = :role, updated_at = now()
       WHERE id = :id RETURNING ${COLUMNS}`,
      { replacements: { id, ...u }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row;
  }

  async setPassword(tx: Transaction, id: number, passwordHash: string): Promise<void> {
    await this.db.query(
      'UPDATE users SET password_hash = :passwordHash, updated_at = now() WHERE id = :id',
      {
        replacements: { id, passwordHash },
        transaction: tx,
      },
    );
  }

  async touchLogin(id: number): Promise<Date> {
    const [row] = await this.db.query<{ at: Date }>(
      'UPDATE users SET last_login_at = now() WHERE id = :id RETURNING last_login_at AS at',
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    return row!.at;
  }

  async remove(tx: Transaction, id: number): Promise<boolean> {
    const [, meta] = await this.db.query('DELETE FROM users WHERE id = :id', {
      replacements: { id },
      transaction: tx,
    });
    return ((meta as { rowCount?: number })?.rowCount ?? 0) > 0;
  }
}
