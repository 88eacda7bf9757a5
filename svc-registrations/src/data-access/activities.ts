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
  providerId: number;
  providerName: string;
}

const COLUMNS = `id, title, capacity, weekday, start_time AS "startTime", is_locked AS "isLocked",
  is_hidden AS "isHidden", deleted, school_id AS "schoolId", school_name AS "schoolName",
  school_token_hash AS "schoolTokenHash", block_id AS "blockId", block_name AS "blockName",
  week_start AS "weekStart", week_end AS "weekEnd", provider_id AS "providerId", provider_name AS "providerName"`;

export async function findActivity(
  db: Sequelize,
  id: number,
  tx?: Transaction,
  lock = false,
): Promise<ProjectedActivity | undefined> {
  const [row] = await db.query<ProjectedActivity>(
    `SELECT ${COLUMNS} FROM activities WHERE id = :id ${lock ? 'FOR UPDATE' : ''}`,
    { replacements: { id }, type: QueryTypes.SELECT, transaction: tx },
  );
  return row;
}

/**
 * The sign-up's first statement, one round trip: the activity, its approved count, and a
 * transaction advisory lock on the child key that serialises every sign-up of one child. The
 * duplicate and overlap checks run in later statements, so they see every sign-up committed
 * before the lock was granted; the approved count is only the early "full" answer (approvals
 * themselves keep capacity).
 */
export async function findActivityLockingChild(
  db: Sequelize,
  id: number,
  childKey: string,
  tx: Transaction,
): Promise<(ProjectedActivity & { approvedCount: number }) | undefined> {
  const [row] = await db.query<ProjectedActivity & { approvedCount: string }>(
    `SELECT ${COLUMNS},
       (SELECT count(*) FROM registrations r WHERE r.activity_id = a.id AND r.status = 'approved') AS "approvedCount",
       pg_advisory_xact_lock(hashtextextended(:childKey, 0)) AS "childLocked"
     FROM activities a WHERE a.id = :id`,
    { replacements: { id, childKey }, type: QueryTypes.SELECT, transaction: tx },
  );
  return row && { ...row, approvedCount: Number(row.approvedCount) };
}
