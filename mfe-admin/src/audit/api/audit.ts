import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@nsa/web-kit';
import { AUDIT_MAX_PAGE_SIZE, type AuditListResponse } from '@nsa/contracts';
import { auditQuery, type AuditFilters } from '../lib/audit';

export const AUDIT_QUERY_KEY = ['/api/admin/audit'] as const;
export const AUDIT_PAGE_SIZE = 50;
/** The CSV stops after this many entries (newest first) and says so. */
export const MAX_AUDIT_EXPORT = 10_000;

function fetchAuditPage(filters: AuditFilters, page: number, limit: number, signal?: AbortSignal) {
  return apiFetch<AuditListResponse>(`/api/admin/audit?${auditQuery(filters, page, limit)}`, {
    signal,
  });
}

/** GET /api/admin/audit (R-AUDIT-LIST): one page, newest first; the last page stays while the next loads. */
export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: [...AUDIT_QUERY_KEY, filters, page],
    queryFn: ({ signal }) => fetchAuditPage(filters, page, AUDIT_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every entry the filters match, up to MAX_AUDIT_EXPORT, for the CSV; `truncated` if more. */
export async function fetchAllAudit(filters: AuditFilters) {
  const entries: AuditListResponse['data'] = [];
  for (let page = 1; ; page += 1) {
    const body = await fetchAuditPage(filters, page, AUDIT_MAX_PAGE_SIZE);
    entries.push(...body.data);
    if (!body.pagination.hasNext) return { entries, truncated: false };
    if (entries.length >= MAX_AUDIT_EXPORT)
      return { entries: entries.slice(0, MAX_AUDIT_EXPORT), truncated: true };
  }
}
