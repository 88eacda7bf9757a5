import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@nsa/web-kit';
import type { GeneratedProviderLink, ProviderLinkStatus } from '@nsa/contracts';

const linkKey = (activityId: number) => ['admin', 'provider-links', activityId] as const;
const base = (activityId: number) => `/api/admin/activities/${activityId}/provider-token`;

/** The link's status; null when the activity has none (404). Never the URL. */
export function useProviderLink(activityId: number | null) {
  return useQuery({
    queryKey: linkKey(activityId ?? 0),
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<ProviderLinkStatus>(base(activityId ?? 0), { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    enabled: activityId !== null,
    // The link can be used (lastUsedAt) or expire while the screen is away.
    staleTime: 0,
  });
}

/** POST …/generate: a new link replaces the old one, which stops working. Answers the URL, once. */
export function useGenerateProviderLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activityId: number) =>
      apiFetch<GeneratedProviderLink>(`${base(activityId)}/generate`, { method: 'POST' }),
    onSuccess: (link, activityId) => {
      // The status call never returns the URL, so the cache keeps none either.
      const { url: _url, ...status } = link;
      queryClient.setQueryData<ProviderLinkStatus | null>(linkKey(activityId), {
        lastUsedAt: null,
        ...status,
      });
    },
  });
}

/** POST …/revoke: permanent; afterwards only a new link can be generated. */
export function useRevokeProviderLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activityId: number) =>
      apiFetch<ProviderLinkStatus>(`${base(activityId)}/revoke`, { method: 'POST' }),
    onSuccess: (status, activityId) => {
      queryClient.setQueryData<ProviderLinkStatus | null>(linkKey(activityId), status);
    },
  });
}
