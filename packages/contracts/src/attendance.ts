// Provider attendance (R-ATTENDANCE-*): what the provider's link marks and what admins read.
import { z } from 'zod';

/** A session's date, `YYYY-MM-DD` (Europe/Amsterdam's calendar day). */
export const SESSION_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date that exists, e.g. 2026-02-30 does not. */
export function isCalendarDate(value: string): boolean {
  if (!SESSION_DATE_PATTERN.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export const sessionDateSchema = z
  .string({ error: 'dateInvalid' })
  .refine(isCalendarDate, { message: 'dateInvalid' });

/**
 * A mark's client-made id (R-ATTENDANCE-ONCE): the phone makes it when the mark is made, so a
 * mark sent again after a lost answer is applied once only.
 */
export const attendanceClientIdSchema = z
  .string({ error: 'invalidType' })
  .min(8, 'invalidType')
  .max(64, 'invalidType')
  .regex(/^[A-Za-z0-9_-]+$/, 'invalidType');

/**
 * PUT /api/provider/{activityId}/attendance/{date}?token=… (R-ATTENDANCE-MARK): `present` true
 * or false marks the child, null unmarks.
 */
export const attendanceMarkSchema = z.object({
  key: z
    .string({ error: 'required' })
    .min(1, 'required')
    .max(100, 'invalidType')
    .regex(/^[A-Za-z0-9_-]+$/, 'invalidType'),
  present: z.boolean({ error: 'invalidType' }).nullable(),
  clientId: attendanceClientIdSchema.optional(),
});
export type AttendanceMark = z.infer<typeof attendanceMarkSchema>;

/** One child at one session: `present` null until marked. */
export interface AttendanceRecord {
  key: string;
  present: boolean | null;
}

export interface AttendanceSession {
  date: string;
  records: AttendanceRecord[];
}

/** GET /api/provider/{activityId}/attendance?token=… (R-ATTENDANCE-LIST). */
export interface AttendanceResponse {
  sessions: AttendanceSession[];
}

/** What a PUT of a mark answers: the record as it now stands. */
export interface AttendanceMarkResponse {
  date: string;
  key: string;
  present: boolean | null;
}

/** GET /api/admin/activities/{id}/attendance (R-ATTENDANCE-ADMIN): read-only, every child. */
export interface AdminAttendanceResponse {
  activity: { id: number; title: string; school: string; provider: string };
  participants: { registrationId: number; childName: string }[];
  sessions: {
    date: string;
    records: { registrationId: number; present: boolean | null }[];
  }[];
}

/** One activity's attendance rate: present marks over all marks, null while none is marked. */
export interface AttendanceRate {
  activityId: number;
  /** Sessions with at least one mark. */
  sessionsMarked: number;
  rate: number | null;
}

/** GET /api/admin/attendance/rates (R-ATTENDANCE-RATE). */
export interface AttendanceRatesResponse {
  data: AttendanceRate[];
}
