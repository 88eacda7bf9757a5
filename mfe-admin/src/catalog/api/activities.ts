import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@nsa/web-kit';
import type { ActivityInput, ActivityView } from '@nsa/contracts';
import { ACTIVITIES_QUERY_KEY, listFrom } from '../../shared/api/catalog-keys';

/** GET /api/admin/activities?includeCapacity=true: hidden ones included, with approvedCount. */
export function useAdminActivities() {
  return useQuery({
    queryKey: ACTIVITIES_QUERY_KEY,
    queryFn: async ({ signal }) =>
      listFrom<ActivityView>(
        await apiFetch<unknown>('/api/admin/activities?includeCapacity=true', { signal }),
        'activities',
      ),
  });
}

/** What PUT and POST take: always the whole activity. */
export function activityInput(activity: ActivityView): ActivityInput {
  return {
    title: activity.title,
    capacity: activity.capacity,
    weekday: activity.weekday,
    startTime: activity.startTime,
    schoolId: activity.schoolId,
    blockId: activity.blockId,
    providerId: activity.providerId,
    isLocked: activity.isLocked,
    isHidden: activity.isHidden,
  };
}

export interface SaveActivity {
  /** Absent for a new activity. */
  id?: number;
  input: ActivityInput;
}

/**
 * POST /api/activities or PUT /api/activities/{id}. The lock and hide
 * toggles use this too: the whole activity with one flag flipped, one update.
 */
export function useSaveActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: SaveActivity) =>
      id === undefined
        ? apiFetch<ActivityView>('/api/activities', { method: 'POST', body: input })
        : apiFetch<ActivityView>(`/api/activities/${id}`, { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACTIVITIES_QUERY_KEY }),
  });
}

/** DELETE /api/activities/{id}; 409 when it has sign-ups, 503 when that could not be checked. */
export function useDeleteActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<unknown>(`/api/activities/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACTIVITIES_QUERY_KEY }),
  });
}
