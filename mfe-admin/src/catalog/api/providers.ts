import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@nsa/web-kit';
import {
  invalidateWithActivities,
  listFrom,
  PROVIDERS_QUERY_KEY,
} from '../../shared/api/catalog-keys';
import type { Provider } from '@nsa/contracts';
import type { SaveNamed } from './schools';

/** GET /api/providers. */
export function useProviders() {
  return useQuery({
    queryKey: PROVIDERS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      listFrom<Provider>(await apiFetch<unknown>('/api/providers', { signal }), 'providers'),
  });
}

/** POST /api/providers or PUT /api/providers/{id}. */
export function useSaveProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: SaveNamed) =>
      id === undefined
        ? apiFetch<Provider>('/api/providers', { method: 'POST', body: input })
        : apiFetch<Provider>(`/api/providers/${id}`, { method: 'PUT', body: input }),
    onSuccess: () => invalidateWithActivities(queryClient, PROVIDERS_QUERY_KEY),
  });
}

/** DELETE /api/providers/{id}; 409 while activities are linked to it. */
export function useDeleteProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<unknown>(`/api/providers/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidateWithActivities(queryClient, PROVIDERS_QUERY_KEY),
  });
}
