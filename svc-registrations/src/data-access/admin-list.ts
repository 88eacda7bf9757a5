import { QueryTypes, type Sequelize } from '@nsa/service-kit';
import { pagination, type AdminSummary, type RegistrationStatus } from '@nsa/contracts';
import { REGISTRATION_COLUMNS, type RegistrationRow } from './registrations.js';

export interface AdminListFilter {
  schoolId?: number;
  blockId?: number;
  activityId?: number;
  status?: RegistrationStatus;
  /** R-REVIEW-SEARCH: a substring of the child's or parent's name or the email, any case. */
  q?: string;
  page: number;
  limit: number;
}

interface Row extends RegistrationRow {
  aTitle: string;
  aCapacity: number;
  aWeekday: number;
  aStartTime: string;
  aSchoolName: string;
  aProviderId: number;
  aProviderName: string;
  aBlockName: string;
  aWeekStart: number;
  aWeekEnd: number;
  aApproved: string;
  aOffered: string;
}

/** The admin view of a sign-up (R-DATA-REGISTRATION-ADMIN), with its activity nested. */
export function toAdminView(r: Row) {
  const {
    aTitle,
    aCapacity,
    aWeekday,
    aStartTime,
    aSchoolName,
    aProviderId,
    aProviderName,
    aBlockName,
    aWeekStart,
    aWeekEnd,
    aApproved,
    aOffered,
    schoolId,
    blockId,
    ...reg
  } = r;
  return {
    ...reg,
    timestamp: reg.createdAt,
    activity: {
      id: reg.activityId,
      title: aTitle,
      capacity: aCapacity,
      approvedCount: Number(aApproved),
      offeredCount: Number(aOffered),
      weekday: aWeekday,
      startTime: aStartTime,
      school: { id: schoolId, name: aSchoolName },
      provider: { id: aProviderId, name: aProviderName },
      block: { id: blockId, name: aBlockName, weekStart: aWeekStart, weekEnd: aWeekEnd },
    },
  };
}
export type AdminRegistrationView = ReturnType<typeof toAdminView>;

/** A sign-up with its activity and the activity's places taken, as the admin sees it. */
const ADMIN_VIEW_COLUMNS = `${REGISTRATION_COLUMNS},
  a.title AS "aTitle", a.capacity AS "aCapacity", a.weekday AS "aWeekday", a.start_time AS "aStartTime",
  a.school_name AS "aSchoolName", a.provider_id AS "aProviderId", a.provider_name AS "aProviderName",
  a.block_name AS "aBlockName", a.week_start AS "aWeekStart", a.week_end AS "aWeekEnd",
  (SELECT count(*) FROM registrations x WHERE x.activity_id = r.activity_id AND x.status = 'approved') AS "aApproved",
  (SELECT count(*) FROM registrations x WHERE x.activity_id = r.activity_id AND x.status = 'offered') AS "aOffered"`;

/** The admin's lists and figures of sign-ups (R-ADMIN-*, R-WAITLIST-ADMIN): read-only queries. */
export class AdminListRepository {
  constructor(private readonly db: Sequelize) {}

  /**
   * R-WAITLIST-ADMIN: an activity's queue, offered places first (soonest to lapse first), then the
   * waiting list in line order; undefined when the activity is unknown here.
   */
  async queue(activityId: number) {
    const [activity] = await this.db.query<{
      id: number;
      title: string;
      capacity: number;
      approved: string;
      offered: string;
    }>(
      `SELECT a.id, a.title, a.capacity,
         (SELECT count(*) FROM registrations x WHERE x.activity_id = a.id AND x.status = 'approved') AS approved,
         (SELECT count(*) FROM registrations x WHERE x.activity_id = a.id AND x.status = 'offered') AS offered
       FROM activities a WHERE a.id = :activityId AND NOT a.deleted`,
      { replacements: { activityId }, type: QueryTypes.SELECT },
    );
    if (!activity) return undefined;
    const rows = await this.db.query<Row>(
      `SELECT ${ADMIN_VIEW_COLUMNS}
       FROM registrations r JOIN activities a ON a.id = r.activity_id
       WHERE r.activity_id = :activityId AND r.status IN ('offered', 'waitlisted')
       ORDER BY r.status = 'waitlisted', r.offer_expires_at, r.waitlist_seq`,
      { replacements: { activityId }, type: QueryTypes.SELECT },
    );
    return {
      activity: {
        id: activity.id,
        title: activity.title,
        capacity: activity.capacity,
        approvedCount: Number(activity.approved),
        offeredCount: Number(activity.offered),
      },
      data: rows.map(toAdminView),
    };
  }

  /** A page of sign-ups, newest first; each filter has an index that starts with it. */
  async list(f: AdminListFilter) {
    const where: string[] = [];
    if (f.schoolId !== undefined) where.push('r.school_id = :schoolId');
    if (f.blockId !== undefined) where.push('r.block_id = :blockId');
    if (f.activityId !== undefined) where.push('r.activity_id = :activityId');
    if (f.status !== undefined) where.push('r.status = :status');
    // The expression of the trigram index (migration 0008); LIKE's wildcards in q are escaped.
    if (f.q) {
      where.push(
        `lower(r.child_first_name || ' ' || r.child_last_name || ' ' || r.parent_name || ' ' || r.email) LIKE :pattern`,
      );
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const pattern = f.q ? `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const replacements = { ...f, pattern, offset: (f.page - 1) * f.limit };
    const [rows, [count]] = await Promise.all([
      // The page's ids first, from the filter's index alone: a deep page skips index entries,
      // and only its 50 rows are joined and get their activity's approved count.
      this.db.query<Row>(
        `WITH page AS (
           SELECT r.id FROM registrations r ${clause}
           ORDER BY r.created_at DESC, r.id DESC
           LIMIT :limit OFFSET :offset
         )
         SELECT ${ADMIN_VIEW_COLUMNS}
         FROM page JOIN registrations r ON r.id = page.id JOIN activities a ON a.id = r.activity_id
         ORDER BY r.created_at DESC, r.id DESC`,
        { replacements, type: QueryTypes.SELECT },
      ),
      this.db.query<{ n: string }>(`SELECT count(*) AS n FROM registrations r ${clause}`, {
        replacements,
        type: QueryTypes.SELECT,
      }),
    ]);
    return {
      data: rows.map(toAdminView),
      pagination: pagination(f.page, f.limit, Number(count?.n ?? 0)),
    };
  }

  /**
   * The dashboard's summary (R-ADMIN-SUMMARY): sign-ups by status; activities at 80 % of their
   * capacity or more (approved plus offered, as R-ADMIN-COLOUR-SIGNUPS colours them), fullest
   * first; and sign-ups per day (Europe/Amsterdam) from the first sign-up to the last.
   */
  async summary(): Promise<AdminSummary> {
    const [statuses, activities, days] = await Promise.all([
      this.db.query<{ status: RegistrationStatus; n: string }>(
        'SELECT status, count(*) AS n FROM registrations GROUP BY status',
        { type: QueryTypes.SELECT },
      ),
      this.db.query<{
        id: number;
        title: string;
        schoolName: string;
        capacity: number;
        taken: string;
      }>(
        `SELECT a.id, a.title, a.school_name AS "schoolName", a.capacity, t.taken
         FROM activities a
         JOIN (SELECT activity_id, count(*) AS taken FROM registrations
               WHERE status IN ('approved', 'offered') GROUP BY activity_id) t ON t.activity_id = a.id
         WHERE NOT a.deleted AND a.capacity > 0 AND t.taken * 5 >= a.capacity * 4
         ORDER BY t.taken::float / a.capacity DESC, a.title, a.id
         LIMIT 50`,
        { type: QueryTypes.SELECT },
      ),
      this.db.query<{ day: string; n: string }>(
        `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(r.id) AS n
         FROM (SELECT generate_series(min(created_at AT TIME ZONE 'Europe/Amsterdam')::date,
                                      max(created_at AT TIME ZONE 'Europe/Amsterdam')::date,
                                      interval '1 day')::date AS day
               FROM registrations) d
         LEFT JOIN registrations r ON (r.created_at AT TIME ZONE 'Europe/Amsterdam')::date = d.day
         GROUP BY d.day ORDER BY d.day`,
        { type: QueryTypes.SELECT },
      ),
    ]);
    const counts = Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)]));
    return {
      counts: {
        new: counts.new ?? 0,
        approved: counts.approved ?? 0,
        rejected: counts.rejected ?? 0,
        waitlisted: counts.waitlisted ?? 0,
        offered: counts.offered ?? 0,
        withdrawn: counts.withdrawn ?? 0,
        total: statuses.reduce((sum, s) => sum + Number(s.n), 0),
      },
      activities: activities.map((a) => ({
        id: a.id,
        title: a.title,
        schoolName: a.schoolName,
        capacity: a.capacity,
        taken: Number(a.taken),
        full: Number(a.taken) >= a.capacity,
      })),
      signupsPerDay: days.map((d) => ({ day: d.day, count: Number(d.n) })),
    };
  }
}

/** A page of the admin's list. */
export type AdminPage = Awaited<ReturnType<AdminListRepository['list']>>;
/** An activity's queue, as the admin sees it. */
export type AdminQueue = NonNullable<Awaited<ReturnType<AdminListRepository['queue']>>>;
