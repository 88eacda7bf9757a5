import { QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';
import type { ActivityFields, ActivityInput, ActivityView } from '@nsa/contracts';
import { catalogModels, type CatalogModels } from './models.js';

/**
 * What several registration events change in one activity's counts, for each count: `sum`, the
 * steps added up, and `fromZero`, what the steps leave of a count of 0 when each is applied in
 * turn and the count never goes below 0. Applied that way to any count c ≥ 0, the steps leave
 * max(c + sum, fromZero), so the events of a batch are written with one statement and still
 * come out as if applied one by one.
 */
export interface CountChange {
  activityId: number;
  approved: CountSteps;
  offered: CountSteps;
  waitlisted: CountSteps;
  registrations: CountSteps;
}

export interface CountSteps {
  sum: number;
  fromZero: number;
}

interface ActivityRow extends ActivityFields {
  schoolName: string;
  schoolToken: string;
  blockName: string;
  weekStart: number;
  weekEnd: number;
  year: number;
  signupOpensAt: Date | null;
  signupClosesAt: Date | null;
  allocation: 'fcfs' | 'lottery';
  seedHash: string | null;
  seed: string | null;
  entriesDigest: string | null;
  drawPublishedAt: Date | null;
  providerName: string;
  approvedCount: number;
  offeredCount: number;
  waitlistCount: number;
  registrationsCount: number;
}

/** An activity with what its events and views embed; the school token stays inside the service. */
export type ActivityRecord = ActivityView & { schoolToken: string };

const SELECT = `SELECT a.id, a.title, a.capacity, a.weekday, a.start_time AS "startTime",
    a.school_id AS "schoolId", a.block_id AS "blockId", a.provider_id AS "providerId",
    a.is_locked AS "isLocked", a.is_hidden AS "isHidden",
    s.name AS "schoolName", s.access_token AS "schoolToken",
    b.name AS "blockName", b.week_start AS "weekStart", b.week_end AS "weekEnd", b.year,
    b.signup_opens_at AS "signupOpensAt", b.signup_closes_at AS "signupClosesAt",
    b.allocation, b.seed_hash AS "seedHash", b.seed, b.entries_digest AS "entriesDigest",
    b.draw_published_at AS "drawPublishedAt",
    p.name AS "providerName",
    coalesce(c.approved_count, 0) AS "approvedCount",
    coalesce(c.offered_count, 0) AS "offeredCount",
    coalesce(c.waitlist_count, 0) AS "waitlistCount",
    coalesce(c.registrations_count, 0) AS "registrationsCount"
  FROM activities a
  JOIN schools s ON s.id = a.school_id
  JOIN blocks b ON b.id = a.block_id
  JOIN providers p ON p.id = a.provider_id
  LEFT JOIN activity_counts c ON c.activity_id = a.id`;
const ORDER = 'ORDER BY b.week_start, a.weekday, a.start_time, a.title, a.id';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toRecord(r: ActivityRow): ActivityRecord {
  const weeks = Array.from({ length: r.weekEnd - r.weekStart + 1 }, (_, i) => r.weekStart + i);
  return {
    id: r.id,
    title: r.title,
    capacity: r.capacity,
    weekday: r.weekday,
    startTime: r.startTime,
    schoolId: r.schoolId,
    blockId: r.blockId,
    providerId: r.providerId,
    isLocked: r.isLocked,
    isHidden: r.isHidden,
    school: { id: r.schoolId, name: r.schoolName },
    block: {
      id: r.blockId,
      name: r.blockName,
      weekStart: r.weekStart,
      weekEnd: r.weekEnd,
      year: r.year,
      signupOpensAt: iso(r.signupOpensAt),
      signupClosesAt: iso(r.signupClosesAt),
      allocation: r.allocation,
      seedHash: r.seedHash,
      seed: r.seed,
      entriesDigest: r.entriesDigest,
      drawPublishedAt: iso(r.drawPublishedAt),
    },
    provider: { id: r.providerId, name: r.providerName },
    approvedCount: r.approvedCount,
    offeredCount: r.offeredCount,
    waitlistCount: r.waitlistCount,
    registrationsCount: r.registrationsCount,
    // R-WAITLIST-CAPACITY: a held offer takes a place as an approval does.
    availablePlaces: Math.max(0, r.capacity - r.approvedCount - r.offeredCount),
    week: r.weekStart,
    weeks,
    schoolToken: r.schoolToken,
  };
}

/** Which activities `find` lists: those of a school, block or provider, hidden ones if asked. */
export type ActivityFilter = {
  schoolId?: number;
  blockId?: number;
  providerId?: number;
  includeHidden: boolean;
};

const REFERENCE = {
  school_id: 'schoolId',
  block_id: 'blockId',
  provider_id: 'providerId',
} as const;

/**
 * Activities: written through the Activity model; read as the views the API and the events
 * show, with their school, block, provider and sign-up counts.
 */
export class ActivityRepository {
  private readonly models: Pick<CatalogModels, 'Activity' | 'ActivityCount'>;

  constructor(private readonly db: Sequelize) {
    this.models = catalogModels(db);
  }

  async find(filter: ActivityFilter, tx?: Transaction): Promise<ActivityRecord[]> {
    const where: string[] = [];
    if (filter.schoolId !== undefined) where.push('a.school_id = :schoolId');
    if (filter.blockId !== undefined) where.push('a.block_id = :blockId');
    if (filter.providerId !== undefined) where.push('a.provider_id = :providerId');
    if (!filter.includeHidden) where.push('NOT a.is_hidden');
    // Raw SQL: the public list with its counts in one round trip; npm run bench (requests).
    const rows = await this.db.query<ActivityRow>(
      `${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ${ORDER}`,
      { replacements: filter, type: QueryTypes.SELECT, transaction: tx },
    );
    return rows.map(toRecord);
  }

  /** The activities with these ids, in no particular order; unknown ids are left out. */
  async byIds(ids: number[]): Promise<ActivityRecord[]> {
    // Raw SQL: one round trip for the owner's answer each sign-up needs; npm run bench (burst).
    const rows = await this.db.query<ActivityRow>(`${SELECT} WHERE a.id IN (:ids)`, {
      replacements: { ids },
      type: QueryTypes.SELECT,
    });
    return rows.map(toRecord);
  }

  async byId(id: number, tx?: Transaction): Promise<ActivityRecord | undefined> {
    // Raw SQL: the one view query of find and byIds, so one query defines what an activity shows.
    const [row] = await this.db.query<ActivityRow>(`${SELECT} WHERE a.id = :id`, {
      replacements: { id },
      type: QueryTypes.SELECT,
      transaction: tx,
    });
    return row && toRecord(row);
  }

  async countBy(
    column: 'school_id' | 'block_id' | 'provider_id',
    id: number,
    tx: Transaction,
  ): Promise<number> {
    return this.models.Activity.count({ where: { [REFERENCE[column]]: id }, transaction: tx });
  }

  async insert(tx: Transaction, a: ActivityInput): Promise<number> {
    return (await this.models.Activity.create(a, { transaction: tx })).get().id;
  }

  async update(tx: Transaction, id: number, a: ActivityInput): Promise<boolean> {
    const [changed] = await this.models.Activity.update(a, { where: { id }, transaction: tx });
    return changed > 0;
  }

  /** Locks the row so that a delete and a concurrent change cannot interleave. */
  async lock(tx: Transaction, id: number): Promise<boolean> {
    const row = await this.models.Activity.findByPk(id, {
      attributes: ['id'],
      lock: true,
      transaction: tx,
    });
    return row !== null;
  }

  async remove(tx: Transaction, id: number): Promise<void> {
    await this.models.Activity.destroy({ where: { id }, transaction: tx });
    await this.models.ActivityCount.destroy({ where: { activityId: id }, transaction: tx });
  }

  /**
   * Writes the count changes of a batch of registration events (each event is applied once),
   * one row per activity, with one statement: a count becomes max(count + sum, fromZero), which
   * is what the events applied one by one leave (a count never goes below 0); an activity
   * without counts yet starts from 0.
   */
  async adjustCounts(tx: Transaction, changes: CountChange[]): Promise<void> {
    // Raw SQL: one upsert for every activity of a batch of sign-up events; npm run bench (burst).
    const column = (k: keyof Omit<CountChange, 'activityId'>, part: keyof CountSteps) =>
      changes.map((c) => c[k][part]);
    await this.db.query(
      `WITH d AS (
         SELECT * FROM unnest(ARRAY[:ids]::integer[],
           ARRAY[:approvedSum]::integer[], ARRAY[:approvedZero]::integer[],
           ARRAY[:offeredSum]::integer[], ARRAY[:offeredZero]::integer[],
           ARRAY[:waitlistedSum]::integer[], ARRAY[:waitlistedZero]::integer[],
           ARRAY[:registrationsSum]::integer[], ARRAY[:registrationsZero]::integer[])
         AS d(activity_id, approved_sum, approved_zero, offered_sum, offered_zero,
              waitlisted_sum, waitlisted_zero, registrations_sum, registrations_zero))
       INSERT INTO activity_counts AS c
         (activity_id, approved_count, offered_count, waitlist_count, registrations_count)
       SELECT activity_id, approved_zero, offered_zero, waitlisted_zero, registrations_zero FROM d
       ON CONFLICT (activity_id) DO UPDATE SET
         (approved_count, offered_count, waitlist_count, registrations_count) = (
           SELECT GREATEST(c.approved_count + d.approved_sum, d.approved_zero),
                  GREATEST(c.offered_count + d.offered_sum, d.offered_zero),
                  GREATEST(c.waitlist_count + d.waitlisted_sum, d.waitlisted_zero),
                  GREATEST(c.registrations_count + d.registrations_sum, d.registrations_zero)
           FROM d WHERE d.activity_id = EXCLUDED.activity_id)`,
      {
        replacements: {
          ids: changes.map((c) => c.activityId),
          approvedSum: column('approved', 'sum'),
          approvedZero: column('approved', 'fromZero'),
          offeredSum: column('offered', 'sum'),
          offeredZero: column('offered', 'fromZero'),
          waitlistedSum: column('waitlisted', 'sum'),
          waitlistedZero: column('waitlisted', 'fromZero'),
          registrationsSum: column('registrations', 'sum'),
          registrationsZero: column('registrations', 'fromZero'),
        },
        transaction: tx,
      },
    );
  }
}
