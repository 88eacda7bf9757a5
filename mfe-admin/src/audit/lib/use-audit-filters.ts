import { useState, type FormEvent } from 'react';
import { NO_AUDIT_FILTERS, auditRangeInverted, type AuditFilters } from './audit';

/**
 * The audit log's filters (R-AUDIT-SCREEN): the form's draft, the filters applied (on submit,
 * never with a date range the wrong way round) and the page, back to 1 on every change.
 */
export function useAuditFilters() {
  const [draft, setDraft] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const inverted = auditRangeInverted(draft);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (inverted) return;
    setFilters(draft);
    setPage(1);
  };
  const clear = () => {
    setDraft(NO_AUDIT_FILTERS);
    setFilters(NO_AUDIT_FILTERS);
    setPage(1);
  };
  const set = (key: keyof AuditFilters) => (value: string) =>
    setDraft((d) => ({ ...d, [key]: value }));

  return { draft, filters, page, setPage, inverted, apply, clear, set };
}
