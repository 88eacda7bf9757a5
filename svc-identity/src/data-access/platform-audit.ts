import {
  PLATFORM_AUDIT_PAGE,
  type PlatformAuditAction,
  type PlatformAuditEntry,
  type PlatformAuditPageAnswer,
} from '@nsa/contracts';
import { QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';

/** An entry to write: who (null: the organisation program), what, to which organisation. */
export interface NewPlatformAuditEntry {
  actor: { id: number; name: string } | null;
  action: PlatformAuditAction;
  organisation: { id: number; slug: string };
  changes?: PlatformAuditEntry['changes'];
}

/** The platform's log (migration 0015-platform-audit): written once, read newest first. */
export class PlatformAuditRepository {
  constructor(private readonly db: Sequelize) {}

  /** Writes an entry, in `tx` when given (with the change it records). */
  async record(entry: NewPlatformAuditEntry, tx?: Transaction): Promise<void> {
    await this.db.query(
      `INSERT INTO platform_audit_entries
         (admin_id, admin_name, action, target_organisation_id, target_slug, changes)
       VALUES (:adminId, :adminName, :action, :organisationId, :slug, :changes)`,
      {
        replacements: {
          adminId: entry.actor?.id ?? null,
          adminName: entry.actor?.name ?? null,
          action: entry.action,
          organisationId: entry.organisation.id,
          slug: entry.organisation.slug,
          changes: entry.changes ? JSON.stringify(entry.changes) : null,
        },
        transaction: tx,
      },
    );
  }

  /**
   * Who began organisation `id`'s deletion, by its latest `organisation.deletion-started`
   * entry (null: the organisation program or no such entry); a deletion finished later by the
   * platform's own job is theirs (R-PLATFORM-DELETE).
   */
  async deletionStarter(id: number): Promise<NewPlatformAuditEntry['actor']> {
    const [row] = await this.db.query<{ adminId: number | null; adminName: string | null }>(
      `SELECT admin_id AS "adminId", admin_name AS "adminName" FROM platform_audit_entries
        WHERE target_organisation_id = :id AND action = 'organisation.deletion-started'
        ORDER BY id DESC LIMIT 1`,
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    return row && row.adminId !== null
      ? { id: row.adminId, name: row.adminName ?? String(row.adminId) }
      : null;
  }

  /** The newest entries older than `before` (all when not given), a page at a time. */
  async page(before?: number): Promise<PlatformAuditPageAnswer> {
    const rows = await this.db.query<{
      id: string;
      at: Date;
      adminId: number | null;
      adminName: string | null;
      action: PlatformAuditAction;
      organisationId: number;
      slug: string;
      changes: PlatformAuditEntry['changes'];
    }>(
      `SELECT id, at, admin_id AS "adminId", admin_name AS "adminName", action,
              target_organisation_id AS "organisationId", target_slug AS slug, changes
         FROM platform_audit_entries
        WHERE CAST(:before AS bigint) IS NULL OR id < CAST(:before AS bigint)
        ORDER BY id DESC
        LIMIT :limit`,
      {
        replacements: { before: before ?? null, limit: PLATFORM_AUDIT_PAGE + 1 },
        type: QueryTypes.SELECT,
      },
    );
    const entries = rows.slice(0, PLATFORM_AUDIT_PAGE).map((r) => ({
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      actor: r.adminId === null ? null : { id: r.adminId, name: r.adminName ?? String(r.adminId) },
      action: r.action,
      organisation: { id: r.organisationId, slug: r.slug },
      changes: r.changes,
    }));
    const more = rows.length > PLATFORM_AUDIT_PAGE;
    return { entries, next: more ? entries.at(-1)!.id : null };
  }
}
