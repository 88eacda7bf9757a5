import type { SessionOwnerAnswer } from '@nsa/contracts';
import { Op, QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';
import { identityModels } from './models.js';

/** Issued sessions by the SHA-256 of their id; a deleted row is an ended session. */
export class SessionRepository {
  private readonly Session;

  constructor(
    private readonly db: Sequelize,
    private readonly lifetimeMs: number,
  ) {
    this.Session = identityModels(db).Session;
  }

  /** Records a new session and forgets the user's sessions past their lifetime. */
  async insert(userId: number, idHash: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.Session.destroy({
        where: { userId, createdAt: { [Op.lt]: new Date(Date.now() - this.lifetimeMs) } },
        transaction: tx,
      });
      await this.Session.create({ idHash, userId }, { transaction: tx });
    });
  }

  /** The users of the sessions that still hold, one entry per hash, in order. */
  async lookup(idHashes: string[]): Promise<Array<SessionOwnerAnswer | null>> {
    // Raw SQL: asked on every request of every service (R-FRESH-SESSION); one join, one trip.
    const rows = await this.db.query<SessionOwnerAnswer & { idHash: string }>(
      `SELECT s.id_hash AS "idHash", u.id AS uid, u.role, u.name, u.email
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id_hash IN (:idHashes)
         AND s.created_at > now() - make_interval(secs => :lifetimeSec)`,
      {
        replacements: { idHashes, lifetimeSec: this.lifetimeMs / 1000 },
        type: QueryTypes.SELECT,
      },
    );
    const byHash = new Map(rows.map(({ idHash, ...user }) => [idHash, user]));
    return idHashes.map((h) => byHash.get(h) ?? null);
  }

  async end(idHash: string): Promise<void> {
    await this.Session.destroy({ where: { idHash } });
  }

  /** Ends every session of a user, but `keep` (the one that asked). */
  async endAllOf(tx: Transaction, userId: number, keep?: string): Promise<void> {
    await this.Session.destroy({
      where: keep ? { userId, idHash: { [Op.ne]: keep } } : { userId },
      transaction: tx,
    });
  }
}

/** The session store with the lifetime SESSION_ABSOLUTE_HOURS gives sessions. */
export function sessionRepository(
  db: Sequelize,
  config: { SESSION_ABSOLUTE_HOURS: number },
): SessionRepository {
  return new SessionRepository(db, config.SESSION_ABSOLUTE_HOURS * 3_600_000);
}
