import { QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';
import type { RegistrationStatus } from '@nsa/contracts';

export interface AdminRef {
  id: number;
  name: string;
  email: string;
}

export interface RegistrationRow {
  id: number;
  activityId: number;
  schoolId: number;
  blockId: number;
  childFirstName: string;
  childLastName: string;
  childDateOfBirth: string | null;
  childAge: number | null;
  childGroup: string | null;
  parentName: string;
  email: string;
  phone: string;
  language: 'nl' | 'en';
  status: RegistrationStatus;
  createdAt: Date;
  updatedAt: Date;
  approvedAt: Date | null;
  rejectedAt: Date | null;
  rejectionReason: string | null;
  emailSent: boolean;
  approvedByAdminId: number | null;
  rejectedByAdminId: number | null;
  approvedByAdmin: AdminRef | null;
  rejectedByAdmin: AdminRef | null;
}

export const REGISTRATION_COLUMNS = `r.id, r.activity_id AS "activityId", r.school_id AS "schoolId", r.block_id AS "blockId",
  r.child_first_name AS "childFirstName", r.child_last_name AS "childLastName",
  to_char(r.child_date_of_birth, 'YYYY-MM-DD') AS "childDateOfBirth", r.child_age AS "childAge",
  r.child_group AS "childGroup", r.parent_name AS "parentName", r.email, r.phone, r.language, r.status,
  r.created_at AS "createdAt", r.updated_at AS "updatedAt", r.approved_at AS "approvedAt",
  r.rejected_at AS "rejectedAt", r.rejection_reason AS "rejectionReason", r.email_sent AS "emailSent",
  r.approved_by_admin_id AS "approvedByAdminId", r.rejected_by_admin_id AS "rejectedByAdminId",
  r.approved_by_admin AS "approvedByAdmin", r.rejected_by_admin AS "rejectedByAdmin"`;

/** One child across sign-ups: names trimmed, inner spaces collapsed, case ignored, plus the birth date. */
export function childKey(first: string, last: string, dateOfBirth: string): string {
  const norm = (v: string) => v.trim().replace(/\s+/g, ' ').toLowerCase();
  return `${norm(first)}|${norm(last)}|${dateOfBirth}`;
}

export class RegistrationRepository {
  constructor(private readonly db: Sequelize) {}

  async approvedCount(tx: Transaction, activityId: number): Promise<number> {
    const [row] = await this.db.query<{ n: string }>(
      "SELECT count(*) AS n FROM registrations WHERE activity_id = :activityId AND status = 'approved'",
      { replacements: { activityId }, type: QueryTypes.SELECT, transaction: tx },
    );
    return Number(row?.n ?? 0);
  }

  /** The child's live sign-ups (new or approved) on this activity or at the same time in overlapping weeks. */
  async clashes(
    tx: Transaction,
    key: string,
    a: { id: number; weekday: number; startTime: string; weekStart: number; weekEnd: number },
  ): Promise<{ sameActivity: boolean; overlap: boolean }> {
    const rows = await this.db.query<{ activityId: number }>(
      `SELECT r.activity_id AS "activityId"
       FROM registrations r JOIN activities x ON x.id = r.activity_id
       WHERE r.child_key = :key AND r.status IN ('new', 'approved')
         AND (r.activity_id = :id OR (x.weekday = :weekday AND x.start_time = :startTime
           AND x.week_start <= :weekEnd AND x.week_end >= :weekStart))`,
      { replacements: { key, ...a }, type: QueryTypes.SELECT, transaction: tx },
    );
    return {
      sameActivity: rows.some((r) => r.activityId === a.id),
      overlap: rows.some((r) => r.activityId !== a.id),
    };
  }

  async insert(
    tx: Transaction,
    r: {
      activityId: number;
      schoolId: number;
      blockId: number;
      childFirstName: string;
      childLastName: string;
      childDateOfBirth: string;
      childAge: number;
      childGroup: string;
      childKey: string;
      parentName: string;
      email: string;
      phone: string;
      language: string;
    },
  ): Promise<{ id: number; status: RegistrationStatus }> {
    const [row] = await this.db.query<{ id: number; status: RegistrationStatus }>(
      `INSERT INTO registrations (activity_id, school_id, block_id, child_first_name, child_last_name,
         child_date_of_birth, child_age, child_group, child_key, parent_name, email, phone, language)
       VALUES (:activityId, :schoolId, :blockId, :childFirstName, :childLastName, :childDateOfBirth,
         :childAge, :childGroup, :childKey, :parentName, :email, :phone, :language)
       RETURNING id, status`,
      { replacements: r, type: QueryTypes.SELECT, transaction: tx },
    );
    return row!;
  }

  async byId(id: number, tx?: Transaction, lock = false): Promise<RegistrationRow | undefined> {
    const [row] = await this.db.query<RegistrationRow>(
      `SELECT ${REGISTRATION_COLUMNS} FROM registrations r WHERE r.id = :id ${lock ? 'FOR UPDATE' : ''}`,
      { replacements: { id }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row;
  }

  /** Changes the status and answers the row as it is now (one round trip, not two). */
  async setStatus(
    tx: Transaction,
    id: number,
    change:
      | { status: 'approved'; admin: AdminRef }
      | { status: 'rejected'; admin: AdminRef; reason: string | null }
      | { status: 'new' },
  ): Promise<RegistrationRow> {
    const sql =
      change.status === 'approved'
        ? `status = 'approved', approved_at = now(), approved_by_admin_id = :adminId, approved_by_admin = :admin`
        : change.status === 'rejected'
          ? `status = 'rejected', rejected_at = now(), rejected_by_admin_id = :adminId, rejected_by_admin = :admin,
             rejection_reason = :reason`
          : `status = 'new', approved_at = NULL, rejected_at = NULL, approved_by_admin_id = NULL,
             rejected_by_admin_id = NULL, approved_by_admin = NULL, rejected_by_admin = NULL, rejection_reason = NULL`;
    const admin = 'admin' in change ? change.admin : undefined;
    const [row] = await this.db.query<RegistrationRow>(
      `UPDATE registrations AS r SET ${sql}, email_sent = false, updated_at = now() WHERE r.id = :id
       RETURNING ${REGISTRATION_COLUMNS}`,
      {
        replacements: {
          id,
          adminId: admin?.id ?? null,
          admin: admin ? JSON.stringify(admin) : null,
          reason: 'reason' in change ? change.reason : null,
        },
        type: QueryTypes.SELECT,
        transaction: tx,
      },
    );
    return row!;
  }

  async markEmailSent(tx: Transaction, id: number): Promise<void> {
    await this.db.query('UPDATE registrations SET email_sent = true WHERE id = :id', {
      replacements: { id },
      transaction: tx,
    });
  }
}
