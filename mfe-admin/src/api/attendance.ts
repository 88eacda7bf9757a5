import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@nsa/web-kit';
import type { AdminAttendanceResponse } from '@nsa/contracts';
import { ACTIVITIES_QUERY_KEY } from './catalog-keys';

/** GET /api/admin/activities/{id}/attendance (R-ATTENDANCE-ADMIN): the read-only grid. */
export function useAdminAttendance(activityId: number) {
  return useQuery<AdminAttendanceResponse>({
    queryKey: [...ACTIVITIES_QUERY_KEY, activityId, 'attendance'],
    queryFn: ({ signal }) =>
      apiFetch<AdminAttendanceResponse>(`/api/admin/activities/${activityId}/attendance`, {
        signal,
      }),
    // Children's names: not kept once the page is left.
    gcTime: 0,
  });
}
