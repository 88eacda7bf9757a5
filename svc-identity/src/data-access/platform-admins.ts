import { QueryTypes, type Sequelize } from '@nsa/service-kit';

export interface PlatformAdminRow {
  id: number;
  email: string;
  name: string;
  passwordHash: string;
}

/** The platform's administrators and their sessions (migration 0013-platform). */
export class PlatformAdminRepository {
  constructor(private readonly db: Sequelize) {}

  async byEmail(email: string): Promise<PlatformAdminRow | undefined> {
    const [row] = await this.db.query<PlatformAdminRow>(
      `SELECT id, email, name, password_hash AS "passwordHash" FROM platform_admins
        WHERE email = :email`,
      { replacements: { email: email.trim().toLowerCase() }, type: QueryTypes.SELECT },
    );
    return row;
  }

  /** Adds an administrator unless the address has one; answers whether it did. */
  async insertIfNew(email: string, name: string, passwordHash: string): Promise<boolean> {
    const made = await this.db.query(
      `INSERT INTO platform_admins (email, name, password_hash) VALUES (:email, :name, :passwordHash)
       ON CONFLICT (email) DO NOTHING RETURNING id`,
      {
        replacements: { email: email.trim().toLowerCase(), name, passwordHash },
        type: QueryTypes.SELECT,
      },
    );
    return made.length > 0;
  }

  /** Records a session by its token's hash, for `lifetimeMs`; forgets the admin's ended ones. */
  async startSession(adminId: number, tokenHash: string, lifetimeMs: number): Promise<void> {
    await this.db.transaction(async (transaction) => {
      await this.db.query(
        'DELETE FROM platform_sessions WHERE admin_id = :adminId AND expires_at <= now()',
        { replacements: { adminId }, transaction },
      );
      await this.db.query(
        `INSERT INTO platform_sessions (token_hash, admin_id, expires_at)
         VALUES (:tokenHash, :adminId, now() + make_interval(secs => :secs))`,
        { replacements: { tokenHash, adminId, secs: lifetimeMs / 1000 }, transaction },
      );
      await this.db.query('UPDATE platform_admins SET last_login_at = now() WHERE id = :adminId', {
        replacements: { adminId },
        transaction,
      });
    });
  }

  /** The administrator of a session that still holds. */
  async sessionAdmin(
    tokenHash: string,
  ): Promise<Omit<PlatformAdminRow, 'passwordHash'> | undefined> {
    const [row] = await this.db.query<Omit<PlatformAdminRow, 'passwordHash'>>(
      `SELECT a.id, a.email, a.name FROM platform_sessions s
         JOIN platform_admins a ON a.id = s.admin_id
        WHERE s.token_hash = :tokenHash AND s.expires_at > now()`,
      { replacements: { tokenHash }, type: QueryTypes.SELECT },
    );
    return row;
  }

  async endSession(tokenHash: string): Promise<void> {
    await this.db.query('DELETE FROM platform_sessions WHERE token_hash = :tokenHash', {
      replacements: { tokenHash },
    });
  }
}
