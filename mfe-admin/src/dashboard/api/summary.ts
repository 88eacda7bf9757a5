import { useQuery } from '@tanstack/react-query';
import { apiFetch, REGISTRATIONS_QUERY_KEY } from '@nsa/web-kit';
import type { AdminSummary } from '@nsa/contracts';

/**
 * GET /api/admin/summary (R-ADMIN-SUMMARY): counts by status, the fullest activities and
 * sign-ups per day. Under the sign-ups' key, so a review refreshes it too.
 */
export function useAdminSummary() {
  return useQuery({
    queryKey: [...REGISTRATIONS_QUERY_KEY, 'summary'],
    queryFn: ({ signal }) => apiFetch<AdminSummary>('/api/admin/summary', { signal }),
  });
}
