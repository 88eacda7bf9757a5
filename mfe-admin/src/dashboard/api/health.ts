import { useQuery } from '@tanstack/react-query';
import { apiFetch, errorBody } from '@nsa/web-kit';

// R-ADMIN-DASHBOARD: the dashboard polls the API status every 30 seconds.
const HEALTH_POLL_MS = 30_000;

/**
 * GET /api/health. A 503 still carries {ok: false, service, version}, and a
 * network failure means "not connected", so both resolve to an answer; only
 * that way does the last successful answer not linger after a failure.
 */
export function useHealth() {
  return useQuery<unknown>({
    queryKey: ['health'],
    queryFn: ({ signal }) =>
      apiFetch<unknown>('/api/health', { signal }).catch((error: unknown) => {
        if (signal.aborted) throw error;
        return errorBody(error) ?? { ok: false };
      }),
    refetchInterval: HEALTH_POLL_MS,
  });
}
