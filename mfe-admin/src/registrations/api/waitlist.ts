import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@nsa/web-kit';
import type { AdminRegistration, WaitlistResponse } from '@nsa/contracts';
import { ACTIVITIES_QUERY_KEY } from '../../shared/api/catalog-keys';

/**
 * The answer with the queue as a list whatever came back, so one odd answer shows as an empty
 * queue instead of breaking the dialog.
 */
export function waitlistFrom(body: unknown): {
  activity: WaitlistResponse['activity'] | null;
  data: AdminRegistration[];
} {
  const raw = (body ?? {}) as Partial<WaitlistResponse>;
  const activity =
    typeof raw.activity === 'object' &&
    raw.activity !== null &&
    typeof raw.activity.capacity === 'number'
      ? raw.activity
      : null;
  return { activity, data: Array.isArray(raw.data) ? raw.data : [] };
}

/**
 * GET /api/admin/activities/{id}/waitlist (R-WAITLIST-ADMIN): the queue in order, offered
 * sign-ups first, then the waiting list. Its key sits under the activities' so that every review action, which refreshes
 * the activities, refreshes an open queue too.
 */
export function useWaitlist(activityId: number | null) {
  return useQuery({
    queryKey: [...ACTIVITIES_QUERY_KEY, activityId, 'waitlist'],
    queryFn: async ({ signal }) =>
      waitlistFrom(
        await apiFetch<unknown>(`/api/admin/activities/${activityId}/waitlist`, { signal }),
      ),
    enabled: activityId !== null,
  });
}
