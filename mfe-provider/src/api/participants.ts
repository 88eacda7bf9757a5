import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@nsa/web-kit';

export interface ParticipantsResponse {
  activity: { title: string; school: string; provider: string };
  participants: { childName: string; age: number }[];
}

/** GET /api/provider/{activityId}/participants?token=… (spec §7). */
export function useParticipants(activityId: string, token: string | null) {
  return useQuery<ParticipantsResponse>({
    queryKey: ['/api/provider', activityId, 'participants', token],
    queryFn: ({ signal }) =>
      apiFetch(
        `/api/provider/${encodeURIComponent(activityId)}/participants?token=${encodeURIComponent(token ?? '')}`,
        { signal },
      ),
    enabled: Boolean(token),
  });
}
