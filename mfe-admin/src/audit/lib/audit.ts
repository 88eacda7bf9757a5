// The audit log screen's filters, the list call's query, and its CSV (R-AUDIT-SCREEN).
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_TYPES,
  type AuditActorType,
  type AuditEntry,
} from '@nsa/contracts';
import { buildCsv, type CsvCell } from '@nsa/web-kit/csv';

export interface AuditFilters {
  action: string;
  actorType: AuditActorType | '';
  actorId: string;
  targetType: string;
  targetId: string;
  /** yyyy-mm-dd, or empty. */
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = {
  action: '',
  actorType: '',
  actorId: '',
  targetType: '',
  targetId: '',
  from: '',
  to: '',
};

/** Every action a service records, sorted, for the action filter. */
export const AUDIT_ACTION_LIST: readonly string[] = [
  ...new Set(Object.values(AUDIT_ACTIONS)),
].sort();

/** The target types the actions name (`<target>.<verb>`), and those recorded by other names. */
export const AUDIT_TARGET_TYPES: readonly string[] = [
  'activity',
  'attendance',
  'block',
  'organisation',
  'privacy-subject',
  'registration',
  'school',
  'user',
];

export const auditActorTypes = AUDIT_ACTOR_TYPES;

export const hasAuditFilters = (f: AuditFilters): boolean => Object.values(f).some((v) => v !== '');

/** `to` comes before `from`: the list would be empty, so the screen says so instead. */
export const auditRangeInverted = (f: AuditFilters): boolean =>
  f.from !== '' && f.to !== '' && f.to < f.from;

/** The query of GET /api/admin/audit for the filters and page; empty filters are left out. */
export function auditQuery(f: AuditFilters, page: number, limit: number): string {
  const q = new URLSearchParams();
  for (const key of Object.keys(NO_AUDIT_FILTERS) as (keyof AuditFilters)[]) {
    const value = f[key].trim();
    if (value) q.set(key, value);
  }
  q.set('page', String(page));
  q.set('limit', String(limit));
  return q.toString();
}

/**
 * An entry's changes in one line: `field: before → after` for non-personal fields (`field:
 * value` when there was none before, as on a creation), the field's name alone for a personal
 * one (its value is never in the log).
 */
export function changesText(changes: AuditEntry['changes'], personalLabel: string): string {
  if (!changes) return '';
  return Object.entries(changes)
    .map(([field, c]) =>
      'personal' in c
        ? `${field} (${personalLabel})`
        : c.before === null || c.before === undefined
          ? `${field}: ${show(c.after)}`
          : `${field}: ${show(c.before)} → ${show(c.after)}`,
    )
    .join('; ');
}

function show(v: unknown): string {
  if (v === null || v === undefined) return '–';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The file's columns, in Dutch whatever the screen language (as the other exports). */
export const AUDIT_CSV_HEADERS = [
  'Tijdstip',
  'Actor type',
  'Actor id',
  'Actor naam',
  'Actie',
  'Doel type',
  'Doel id',
  'Wijzigingen',
  'Reden',
  'Id',
] as const;

export function auditCsvRow(e: AuditEntry): CsvCell[] {
  return [
    e.at,
    e.actor.type,
    e.actor.id,
    e.actor.name,
    e.action,
    e.target.type,
    e.target.id,
    changesText(e.changes, 'persoonsgegeven gewijzigd'),
    e.reason,
    e.id,
  ];
}

export function buildAuditCsv(entries: readonly AuditEntry[]): Promise<string> {
  return buildCsv(AUDIT_CSV_HEADERS, entries.map(auditCsvRow));
}

export function auditCsvFileName(now = new Date()): string {
  return `logboek-${now.toISOString().slice(0, 10)}.csv`;
}
