import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@nsa/web-kit';
import type {
  PrivacyEraseResponse,
  PrivacyExport,
  PrivacyStatus,
  RetentionReport,
} from '@nsa/contracts';

export const PRIVACY_STATUS_KEY = ['/api/admin/privacy/status'] as const;

/** GET /api/admin/privacy/status (R-PRIVACY-SCREEN): period, next run, last report. */
export function usePrivacyStatus() {
  return useQuery({
    queryKey: PRIVACY_STATUS_KEY,
    queryFn: ({ signal }) => apiFetch<PrivacyStatus>('/api/admin/privacy/status', { signal }),
  });
}

/** GET /api/admin/privacy/export?email= (R-PRIVACY-EXPORT). */
export function fetchPrivacyExport(email: string): Promise<PrivacyExport> {
  return apiFetch<PrivacyExport>(`/api/admin/privacy/export?email=${encodeURIComponent(email)}`);
}

/** POST /api/admin/privacy/erase (R-PRIVACY-ERASE); the status shows its report afterwards. */
export function useErasePrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch<PrivacyEraseResponse>('/api/admin/privacy/erase', {
        method: 'POST',
        body: { email },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PRIVACY_STATUS_KEY }),
  });
}

/** POST /api/admin/privacy/retention/run (R-RETENTION-RUN). */
export function useRunRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<RetentionReport>('/api/admin/privacy/retention/run', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PRIVACY_STATUS_KEY }),
  });
}
