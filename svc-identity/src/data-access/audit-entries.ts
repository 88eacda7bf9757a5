import {
  pagination,
  type AuditEntry,
  type AuditListQuery,
  type AuditListResponse,
} from '@nsa/contracts';
import { QueryTypes, type Sequelize, type Transaction } from '@nsa/service-kit';

interface Row {
  id: string;
  at: Date;
  actor_type: AuditEntry['actor']['type'];
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  changes: AuditEntry['changes'];
  reason: string | null;
}

const toEntry = (r: Row): AuditEntry => ({
  id: r.id,
  at: new Date(r.at).toISOString(),
  actor: { type: r.actor_type, id: r.actor_id, name: r.actor_name },
  action: r.action,
  target: { type: r.target_type, id: r.target_id },
  changes: r.changes,
  reason: r.reason,
});

/** The store, in a schema the infrastructure made and a role of its own owns (migration 0009). */
const AUDIT_TABLE = 'identity_audit.audit_entries';
/**
 * What is read of it: the entries of the work's organisation alone (R-ORG-RLS), a view the
 * infrastructure makes beside the table (`auditStoreSql` of `@nsa/local-infra`).
 */
const ORGANISATION_AUDIT = 'identity_audit.organisation_audit_entries';

/** A date without a time as `to` means the end of that day (UTC). */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The audit log's store (R-AUDIT-STORE): insert and read only. The table is not the service's
 * own and refuses its UPDATE, DELETE and DDL (migration 0009); this class has no method that
 * would try.
 */
export class AuditEntryRepository {
  constructor(private readonly db: Sequelize) {}

  /** Stores an entry once: the same entry id delivered again changes nothing. */
  async insert(tx: Transaction, service: string, e: AuditEntry): Promise<void> {
    await this.db.query(
      `INSERT INTO ${AUDIT_TABLE} (id, at, service, actor_type, actor_id, actor_name, action,
         target_type, target_id, changes, reason)
       VALUES (:id, :at, :service, :actorType, :actorId, :actorName, :action,
         :targetType, :targetId, CAST(:changes AS jsonb), :reason)
       ON CONFLICT (id) DO NOTHING`,
      {
        replacements: {
          id: e.id,
          at: e.at,
          service,
          actorType: e.actor.type,
          actorId: e.actor.id,
          actorName: e.actor.name,
          action: e.action,
          targetType: e.target.type,
          targetId: e.target.id,
          changes: e.changes === null ? null : JSON.stringify(e.changes),
          reason: e.reason,
        },
        transaction: tx,
      },
    );
  }

  /** R-AUDIT-LIST: newest first, filtered, one page. */
  async list(q: AuditListQuery): Promise<AuditListResponse> {
    const where: string[] = [];
    const replacements: Record<string, unknown> = {};
    const eq = (column: string, key: string, value: string | undefined) => {
      if (value === undefined) return;
      where.push(`${column} = :${key}`);
      replacements[key] = value;
    };
    eq('action', 'action', q.action);
    eq('actor_type', 'actorType', q.actorType);
    eq('actor_id', 'actorId', q.actorId);
    eq('target_type', 'targetType', q.targetType);
    eq('target_id', 'targetId', q.targetId);
    if (q.from) {
      where.push('at >= :from');
      replacements.from = new Date(q.from).toISOString();
    }
    if (q.to) {
      const to = new Date(q.to);
      if (DATE_ONLY.test(q.to)) to.setUTCDate(to.getUTCDate() + 1);
      where.push(DATE_ONLY.test(q.to) ? 'at < :to' : 'at <= :to');
      replacements.to = to.toISOString();
    }
    const sqlWhere = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [count] = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${ORGANISATION_AUDIT} ${sqlWhere}`,
      { replacements, type: QueryTypes.SELECT },
    );
    const rows = await this.db.query<Row>(
      `SELECT id, at, actor_type, actor_id, actor_name, action, target_type, target_id, changes,
              reason
       FROM ${ORGANISATION_AUDIT} ${sqlWhere}
       ORDER BY at DESC, id DESC
       LIMIT :limit OFFSET :offset`,
      {
        replacements: { ...replacements, limit: q.limit, offset: (q.page - 1) * q.limit },
        type: QueryTypes.SELECT,
      },
    );
    return {
      data: rows.map(toEntry),
      pagination: pagination(q.page, q.limit, Number(count?.n ?? 0)),
    };
  }

  /**
   * R-PLATFORM-DELETE: the entries of a deleted organisation lose their actors (the one change
   * the append-only guard allows, made by the store's own function); what was done stays.
   */
  async anonymiseOrganisation(id: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      'SELECT identity_audit.audit_anonymise_organisation(:id) AS n',
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    return Number(row?.n ?? 0);
  }

  /**
   * R-AUDIT-RETENTION: actors of entries older than `cutoff` lose their id and name (the
   * action, target and changes stay), through the one function the table lets do that. The
   * database bounds the cutoff by its own retention period (R-AUDIT-CUTOFF): a later one
   * anonymises nothing newer than that period.
   */
  async anonymiseActorsBefore(cutoff: Date): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      'SELECT identity_audit.audit_anonymise_actors(:cutoff) AS n',
      { replacements: { cutoff: cutoff.toISOString() }, type: QueryTypes.SELECT },
    );
    return Number(row?.n ?? 0);
  }
}
