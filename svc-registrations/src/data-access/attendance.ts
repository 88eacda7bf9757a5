import { QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';

/** A marked child at a session (an unmarked one has no row). */
export interface AttendanceRow {
  date: string;
  registrationId: number;
  present: boolean;
}

/** A child of an attendance list: the sign-up and the name. */
export interface AttendanceChild {
  id: number;
  first: string;
  last: string;
}

/** Attendance records and the client ids of applied marks (migration 0007). */
export class AttendanceRepository {
  constructor(private readonly db: Sequelize) {}

  /** Every mark of an activity, by date then sign-up. */
  async marks(activityId: number): Promise<AttendanceRow[]> {
    return this.db.query<AttendanceRow>(
      `SELECT to_char(session_date, 'YYYY-MM-DD') AS date, registration_id AS "registrationId", present
       FROM attendance WHERE activity_id = :activityId ORDER BY session_date, registration_id`,
      { replacements: { activityId }, type: QueryTypes.SELECT },
    );
  }

  /** The approved children of an activity, by name (the order of the provider's list). */
  async approvedChildren(activityId: number, tx?: Transaction): Promise<AttendanceChild[]> {
    return this.db.query<AttendanceChild>(
      `SELECT id, child_first_name AS first, child_last_name AS last
       FROM registrations WHERE activity_id = :activityId AND status = 'approved'
       ORDER BY child_last_name, child_first_name, id`,
      { replacements: { activityId }, type: QueryTypes.SELECT, transaction: tx },
    );
  }

  /**
   * The approved children and every other child that has a mark (withdrawn after a session, say),
   * by name: what an admin's grid lists.
   */
  async childrenWithMarks(activityId: number): Promise<AttendanceChild[]> {
    return this.db.query<AttendanceChild>(
      `SELECT id, child_first_name AS first, child_last_name AS last
       FROM registrations r
       WHERE activity_id = :activityId AND (status = 'approved'
         OR EXISTS (SELECT 1 FROM attendance a WHERE a.registration_id = r.id))
       ORDER BY child_last_name, child_first_name, id`,
      { replacements: { activityId }, type: QueryTypes.SELECT },
    );
  }

  /**
   * Records that a mark with this client id is being applied; false when one was applied
   * before (R-ATTENDANCE-ONCE). Inside the mark's transaction, so a mark that fails leaves no id.
   */
  async claimClientId(
    tx: Transaction,
    clientId: string,
    mark: { activityId: number; date: string; registrationId: number; present: boolean | null },
  ): Promise<boolean> {
    const rows = await this.db.query<{ clientId: string }>(
      `INSERT INTO attendance_marks (client_id, activity_id, session_date, registration_id, present)
       VALUES (:clientId, :activityId, :date, :registrationId, :present)
       ON CONFLICT (client_id) DO NOTHING RETURNING client_id AS "clientId"`,
      { replacements: { clientId, ...mark }, type: QueryTypes.SELECT, transaction: tx },
    );
    return rows.length === 1;
  }

  /** The mark as it stands, or null when unmarked. */
  async current(
    tx: Transaction,
    activityId: number,
    date: string,
    registrationId: number,
  ): Promise<boolean | null> {
    const [row] = await this.db.query<{ present: boolean }>(
      `SELECT present FROM attendance
       WHERE activity_id = :activityId AND session_date = :date AND registration_id = :registrationId
       FOR UPDATE`,
      {
        replacements: { activityId, date, registrationId },
        type: QueryTypes.SELECT,
        transaction: tx,
      },
    );
    return row ? row.present : null;
  }

  /** Marks (true or false) or unmarks (null) one child at one session. */
  async set(
    tx: Transaction,
    mark: {
      activityId: number;
      date: string;
      registrationId: number;
      present: boolean | null;
      clientId: string | null;
    },
  ): Promise<void> {
    if (mark.present === null) {
      await this.db.query(
        `DELETE FROM attendance
         WHERE activity_id = :activityId AND session_date = :date AND registration_id = :registrationId`,
        { replacements: mark, transaction: tx },
      );
      return;
    }
    await this.db.query(
      `INSERT INTO attendance (activity_id, session_date, registration_id, present, client_id)
       VALUES (:activityId, :date, :registrationId, :present, :clientId)
       ON CONFLICT (activity_id, session_date, registration_id) DO UPDATE
         SET present = EXCLUDED.present, client_id = EXCLUDED.client_id, marked_at = now()`,
      { replacements: mark, transaction: tx },
    );
  }

  /** Per activity (not deleted): sessions with a mark, marks, and how many say present. */
  async rates(): Promise<
    { activityId: number; sessionsMarked: number; marked: number; present: number }[]
  > {
    const rows = await this.db.query<{
      activityId: number;
      sessionsMarked: string;
      marked: string;
      present: string;
    }>(
      `SELECT a.id AS "activityId", count(DISTINCT t.session_date) AS "sessionsMarked",
         count(t.present) AS marked, count(*) FILTER (WHERE t.present) AS present
       FROM activities a LEFT JOIN attendance t ON t.activity_id = a.id
       WHERE NOT a.deleted GROUP BY a.id ORDER BY a.id`,
      { type: QueryTypes.SELECT },
    );
    return rows.map((r) => ({
      activityId: r.activityId,
      sessionsMarked: Number(r.sessionsMarked),
      marked: Number(r.marked),
      present: Number(r.present),
    }));
  }
}
