import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@nsa/web-kit';
import type { AdminAttendanceResponse, AttendanceRatesResponse } from '@nsa/contracts';
import { ACTIVITIES_QUERY_KEY } from '../../shared/api/catalog-keys';

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

/** GET /api/admin/attendance/rates (R-ATTENDANCE-RATE): each activity's rate, by activity id. */
export function useAttendanceRates() {
  return useQuery({
    queryKey: [...ACTIVITIES_QUERY_KEY, 'attendance-rates'],
    queryFn: async ({ signal }) => {
      const body = await apiFetch<AttendanceRatesResponse>('/api/admin/attendance/rates', {
        signal,
      });
      return new Map((body?.data ?? []).map((r) => [r.activityId, r]));
    },
  });
}
