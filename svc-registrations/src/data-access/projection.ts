import {
  activityCore,
  type ActivityEvent,
  type ProviderTokenEvent,
  type SchoolEvent,
} from '@nsa/contracts';
import type { Sequelize, Transaction } from '@nsa/service-kit';

/**
 * The rows of this service's copy of catalog data (schools, activities, provider links), each
 * written as its event says; replaying the same event leaves the same row.
 */
export class ProjectionRepository {
  constructor(private readonly db: Sequelize) {}

  async upsertSchool(tx: Transaction, school: SchoolEvent): Promise<void> {
    await this.db.query(
      `INSERT INTO schools (id, name, access_token_hash) VALUES (:id, :name, :accessTokenHash)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name,
         access_token_hash = EXCLUDED.access_token_hash, updated_at = now()`,
      { replacements: school, transaction: tx },
    );
  }

  /** Applies a catalog activity event; replaying the same event leaves the same row. */
  async upsertActivity(tx: Transaction, a: ActivityEvent): Promise<void> {
    await this.db.query(
      `INSERT INTO activities (id, title, capacity, weekday, start_time, is_locked, is_hidden,
       school_id, school_name, school_token_hash, block_id, block_name, week_start, week_end,
       provider_id, provider_name, deleted, block_signup_opens_at, block_signup_closes_at,
       block_allocation, block_year)
     VALUES (:id, :title, :capacity, :weekday, :startTime, :isLocked, :isHidden,
       :schoolId, :schoolName, :schoolTokenHash, :blockId, :blockName, :weekStart, :weekEnd,
       :providerId, :providerName, false, :opensAt, :closesAt, :allocation,
       coalesce(CAST(:year AS smallint), extract(isoyear FROM now())::smallint))
     ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, capacity = EXCLUDED.capacity,
       weekday = EXCLUDED.weekday, start_time = EXCLUDED.start_time, is_locked = EXCLUDED.is_locked,
       is_hidden = EXCLUDED.is_hidden, school_id = EXCLUDED.school_id, school_name = EXCLUDED.school_name,
       school_token_hash = EXCLUDED.school_token_hash, block_id = EXCLUDED.block_id,
       block_name = EXCLUDED.block_name, week_start = EXCLUDED.week_start, week_end = EXCLUDED.week_end,
       provider_id = EXCLUDED.provider_id, provider_name = EXCLUDED.provider_name, deleted = false,
       block_signup_opens_at = EXCLUDED.block_signup_opens_at,
       block_signup_closes_at = EXCLUDED.block_signup_closes_at,
       block_allocation = EXCLUDED.block_allocation,
       block_year = CASE WHEN CAST(:year AS smallint) IS NULL THEN activities.block_year
         ELSE EXCLUDED.block_year END, updated_at = now()`,
      {
        replacements: {
          ...activityCore(a),
          schoolId: a.school.id,
          schoolName: a.school.name,
          schoolTokenHash: a.school.accessTokenHash,
          blockId: a.block.id,
          blockName: a.block.name,
          weekStart: a.block.weekStart,
          weekEnd: a.block.weekEnd,
          providerId: a.provider.id,
          providerName: a.provider.name,
          opensAt: a.block.signupOpensAt,
          closesAt: a.block.signupClosesAt,
          allocation: a.block.allocation,
          year: a.block.year ?? null,
        },
        transaction: tx,
      },
    );
    // An activity moved to another school or block takes its sign-ups along in the filters.
    await this.db.query(
      `UPDATE registrations SET school_id = :schoolId, block_id = :blockId
     WHERE activity_id = :id AND (school_id <> :schoolId OR block_id <> :blockId)`,
      { replacements: { id: a.id, schoolId: a.school.id, blockId: a.block.id }, transaction: tx },
    );
  }

  /** A deleted activity stays as a tombstone: sign-ups may still refer to it. */
  async markActivityDeleted(tx: Transaction, id: number): Promise<void> {
    await this.db.query('UPDATE activities SET deleted = true, updated_at = now() WHERE id = :id', {
      replacements: { id },
      transaction: tx,
    });
  }

  async upsertProviderToken(tx: Transaction, t: ProviderTokenEvent): Promise<void> {
    await this.db.query(
      `INSERT INTO provider_tokens (activity_id, token_hash, expires_at, revoked)
     VALUES (:activityId, :tokenHash, :expiresAt, :revoked)
     ON CONFLICT (activity_id) DO UPDATE SET token_hash = EXCLUDED.token_hash,
       expires_at = EXCLUDED.expires_at, revoked = EXCLUDED.revoked,
       last_used_at = CASE WHEN provider_tokens.token_hash = EXCLUDED.token_hash
         THEN provider_tokens.last_used_at END`,
      { replacements: t, transaction: tx },
    );
  }
}
