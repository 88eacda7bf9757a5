import { QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';

export interface ProjectedActivity {
  id: number;
  title: string;
  capacity: number;
  weekday: number;
  startTime: string;
  isLocked: boolean;
  isHidden: boolean;
  deleted: boolean;
  schoolId: number;
  schoolName: string;
  schoolTokenHash: string;
  blockId: number;
  blockName: string;
  weekStart: number;
  weekEnd: number;
  /** The ISO week-year of the block's weeks (R-RETENTION-YEAR). */
  blockYear: number;
  providerId: number;
  providerName: string;
  blockSignupOpensAt: Date | null;
  blockSignupClosesAt: Date | null;
  blockAllocation: 'fcfs' | 'lottery';
}

const COLUMNS = `id, title, capacity, weekday, start_time AS "startTime", is_locked AS "isLocked",
  is_hidden AS "isHidden", deleted, school_id AS "schoolId", school_name AS "schoolName",
  school_token_hash AS "schoolTokenHash", block_id AS "blockId", block_name AS "blockName",
  week_start AS "weekStart", week_end AS "weekEnd", provider_id AS "providerId", provider_name AS "providerName",
  block_signup_opens_at AS "blockSignupOpensAt", block_signup_closes_at AS "blockSignupClosesAt",
  block_allocation AS "blockAllocation", block_year AS "blockYear"`;

/** This service's copy of catalog's activities (the projection), as the domain reads it. */
export class ActivityRepository {
  constructor(private readonly db: Sequelize) {}

  async byId(id: number, tx?: Transaction, lock = false): Promise<ProjectedActivity | undefined> {
    const [row] = await this.db.query<ProjectedActivity>(
      `SELECT ${COLUMNS} FROM activities WHERE id = :id ${lock ? 'FOR UPDATE' : ''}`,
      { replacements: { id }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row;
  }

  /** Several activities, in id order (the order their locks are taken in). */
  async byIds(ids: number[], tx?: Transaction, lock = false): Promise<ProjectedActivity[]> {
    if (ids.length === 0) return [];
    return this.db.query<ProjectedActivity>(
      `SELECT ${COLUMNS} FROM activities WHERE id IN (:ids) ORDER BY id ${lock ? 'FOR UPDATE' : ''}`,
      { replacements: { ids }, type: QueryTypes.SELECT, transaction: tx },
    );
  }

  /** The activities of these sign-ups, in id order; locked when asked. */
  async ofRegistrations(
    registrationIds: number[],
    tx?: Transaction,
    lock = false,
  ): Promise<ProjectedActivity[]> {
    if (registrationIds.length === 0) return [];
    return this.db.query<ProjectedActivity>(
      `SELECT ${COLUMNS} FROM activities
       WHERE id IN (SELECT activity_id FROM registrations WHERE id IN (:registrationIds))
       ORDER BY id ${lock ? 'FOR UPDATE' : ''}`,
      { replacements: { registrationIds }, type: QueryTypes.SELECT, transaction: tx },
    );
  }

  /** The activities of a block (not deleted), in id order; locked when asked (R-DRAW-PUBLISH). */
  async ofBlock(blockId: number, tx?: Transaction, lock = false): Promise<ProjectedActivity[]> {
    return this.db.query<ProjectedActivity>(
      `SELECT ${COLUMNS} FROM activities WHERE block_id = :blockId AND NOT deleted ORDER BY id
       ${lock ? 'FOR UPDATE' : ''}`,
      { replacements: { blockId }, type: QueryTypes.SELECT, transaction: tx },
    );
  }
}
