// R-PLATFORM-AUDIT: the platform log's entries in words: each action's text key, and the fields
// an organisation's change changed, one line each. Pure, so it is unit tested.
import type { PlatformAuditAction, PlatformAuditEntry } from '@nsa/contracts';

/** The action's text under `platform.log.actions`. */
export const AUDIT_ACTION_KEYS: Record<PlatformAuditAction, string> = {
  'organisation.created': 'created',
  'organisation.changed': 'changed',
  'organisation.suspended': 'suspended',
  'organisation.resumed': 'resumed',
  'organisation.deletion-started': 'deletionStarted',
  'organisation.deleted': 'deleted',
};

/** A field's value as a reader sees it: a list with commas, none as a dash. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (Array.isArray(value)) return value.length === 0 ? '–' : value.map(auditValue).join(', ');
  if (typeof value === 'string') return value === '' ? '–' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * A change's fields, one line each: `Naam: A → B`, the field named by `label` (its own name when
 * the screen has no word for it).
 */
export function auditChanges(
  changes: PlatformAuditEntry['changes'],
  label: (field: string) => string,
): string[] {
  if (!changes) return [];
  return Object.entries(changes).map(
    ([field, { before, after }]) => `${label(field)}: ${auditValue(before)} → ${auditValue(after)}`,
  );
}
