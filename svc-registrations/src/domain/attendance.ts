import { isoWeekYear, sessionDates } from '@nsa/calendar';
import {
  AUDIT_ACTIONS,
  type AdminAttendanceResponse,
  type AttendanceMark,
  type AttendanceMarkResponse,
  type AttendanceRatesResponse,
  type AttendanceResponse,
} from '@nsa/contracts';
import { AppError, recordAudit, type Outbox, type Transactor } from '@nsa/service-kit';
import type { AttendanceRepository, AttendanceRow } from '../data-access/attendance.js';
import { MSG } from './messages.js';
import { participantKey, type Participants } from './participants.js';
import type { ActivityOwner } from './signup.js';

/** What the sessions of an activity depend on: its weekday and its block's weeks and year. */
export interface SessionSchedule {
  weekday: number;
  block: { weekStart: number; weekEnd: number; year?: number | null };
}

/**
 * R-ATTENDANCE-SESSIONS: the ISO week-year of the block's weeks, as catalog sends it
 * (R-RETENTION-YEAR); an event from before blocks had a year means this year (R-CAL-WEEKS).
 */
export function blockYear(block: SessionSchedule['block'], today: Date): number {
  return typeof block.year === 'number' ? block.year : isoWeekYear(today);
}

/**
 * R-ATTENDANCE-SESSIONS: an activity's sessions, one per ISO week of its block on its weekday,
 * in the block's year. Week 1 holds 4 January, so a session of week 1 may fall in the December
 * before and a Sunday of week 52 or 53 in the January after; the dates say so.
 */
export function attendanceSessions(schedule: SessionSchedule, today: Date): string[] {
  const { weekday, block } = schedule;
  return sessionDates(weekday, block.weekStart, block.weekEnd, blockYear(block, today));
}

/** R-ATTENDANCE-MARK: a mark is only for one of the activity's sessions; otherwise 400. */
export function requireSession(sessions: readonly string[], date: string): void {
  if (!sessions.includes(date)) throw AppError.validation({ date: MSG.attendanceDateOutside });
}

/**
 * R-ATTENDANCE-LIST: every session with every child's record, `present` null until marked, the
 * children in the order given.
 */
export function attendanceGrid<K>(
  sessions: readonly string[],
  children: readonly { id: number; ref: K }[],
  marks: readonly AttendanceRow[],
): { date: string; records: { ref: K; present: boolean | null }[] }[] {
  const byDate = new Map<string, Map<number, boolean>>();
  for (const m of marks) {
    let day = byDate.get(m.date);
    if (!day) byDate.set(m.date, (day = new Map()));
    day.set(m.registrationId, m.present);
  }
  return sessions.map((date) => {
    const day = byDate.get(date);
    return {
      date,
      records: children.map((c) => ({ ref: c.ref, present: day?.get(c.id) ?? null })),
    };
  });
}

/** R-ATTENDANCE-RATE: present marks over all marks; null while nothing is marked. */
export function attendanceRate(present: number, marked: number): number | null {
  return marked === 0 ? null : present / marked;
}

export interface AttendanceDeps {
  db: Transactor;
  outbox: Outbox;
  /** Attendance marks and the client ids of applied ones. */
  records: AttendanceRepository;
  /** The activity as its owner has it (the admin's view of an activity's attendance). */
  catalog: ActivityOwner;
  /** The provider's link, judged as for the participant list. */
  participants: Pick<Participants, 'admit'>;
  /** The key of the children's keys on a link (R-ATTENDANCE-KEY). */
  keySecret: string;
  now?: () => Date;
}

/**
 * Attendance through the provider's link and for admins (R-ATTENDANCE-*). The link is judged as
 * for the participant list (R-FRESH-PROVIDER-LINK), only for its own activity.
 */
export class Attendance {
  constructor(private readonly deps: AttendanceDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** R-ATTENDANCE-LIST: GET /api/provider/{activityId}/attendance. */
  async forProvider(
    activityId: number,
    token: string,
    clientIp: string,
  ): Promise<AttendanceResponse> {
    const today = this.now();
    const state = await this.deps.participants.admit(activityId, token, clientIp, today);
    const children = (await this.deps.records.approvedChildren(activityId)).map((c) => ({
      id: c.id,
      ref: participantKey(this.deps.keySecret, state.link.tokenHash, c.id),
    }));
    const grid = attendanceGrid(
      attendanceSessions(state.activity, today),
      children,
      await this.deps.records.marks(activityId),
    );
    return {
      sessions: grid.map(({ date, records }) => ({
        date,
        records: records.map(({ ref, present }) => ({ key: ref, present })),
      })),
    };
  }

  /**
   * R-ATTENDANCE-MARK, R-ATTENDANCE-ONCE, R-ATTENDANCE-AUDIT: PUT
   * /api/provider/{activityId}/attendance/{date}. A mark whose client id was applied before
   * changes nothing and answers the record as it stands; every applied change is audited with
   * the provider (the link's activity) as actor, in the change's transaction.
   */
  async mark(
    activityId: number,
    date: string,
    token: string,
    clientIp: string,
    input: AttendanceMark,
  ): Promise<AttendanceMarkResponse> {
    const today = this.now();
    const state = await this.deps.participants.admit(activityId, token, clientIp, today);
    requireSession(attendanceSessions(state.activity, today), date);
    const { db, outbox, records, keySecret } = this.deps;
    return db.transaction(async (tx) => {
      const child = (await records.approvedChildren(activityId, tx)).find(
        (c) => participantKey(keySecret, state.link.tokenHash, c.id) === input.key,
      );
      if (!child) throw AppError.validation({ key: MSG.attendanceKeyUnknown });
      const target = { activityId, date, registrationId: child.id };
      const before = await records.current(tx, activityId, date, child.id);
      const fresh =
        input.clientId === undefined ||
        (await records.claimClientId(tx, input.clientId, { ...target, present: input.present }));
      if (!fresh || before === input.present) {
        return { date, key: input.key, present: before };
      }
      await records.set(tx, {
        ...target,
        present: input.present,
        clientId: input.clientId ?? null,
      });
      await recordAudit(tx, outbox, 'registrations', {
        actor: { type: 'provider', id: String(activityId), name: null },
        action: AUDIT_ACTIONS.attendanceRecorded,
        // Ids only: the activity, the session and the sign-up; never a name or the link.
        target: { type: 'attendance', id: `${activityId}/${date}/${child.id}` },
        changes: { present: { before, after: input.present } },
      });
      return { date, key: input.key, present: input.present };
    });
  }

  /** R-ATTENDANCE-ADMIN: GET /api/admin/activities/{id}/attendance, read-only. */
  async forAdmin(activityId: number): Promise<AdminAttendanceResponse> {
    const activity = await this.deps.catalog.activity(activityId);
    if (!activity) throw AppError.notFound(MSG.activityNotFound);
    const children = await this.deps.records.childrenWithMarks(activityId);
    const grid = attendanceGrid(
      attendanceSessions(activity, this.now()),
      children.map((c) => ({ id: c.id, ref: c.id })),
      await this.deps.records.marks(activityId),
    );
    return {
      activity: {
        id: activity.id,
        title: activity.title,
        school: activity.school.name,
        provider: activity.provider.name,
      },
      participants: children.map((c) => ({
        registrationId: c.id,
        childName: `${c.first} ${c.last}`,
      })),
      sessions: grid.map(({ date, records }) => ({
        date,
        records: records.map(({ ref, present }) => ({ registrationId: ref, present })),
      })),
    };
  }

  /** R-ATTENDANCE-RATE: GET /api/admin/attendance/rates. */
  async rates(): Promise<AttendanceRatesResponse> {
    const rows = await this.deps.records.rates();
    return {
      data: rows.map((r) => ({
        activityId: r.activityId,
        sessionsMarked: r.sessionsMarked,
        rate: attendanceRate(r.present, r.marked),
      })),
    };
  }
}
