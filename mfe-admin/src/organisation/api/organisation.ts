import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@nsa/web-kit';
import type { OrganisationSettings, OrganisationSettingsInput } from '@nsa/contracts';

export const ORGANISATION_QUERY_KEY = ['admin', 'organisation'] as const;

/**
 * GET /api/settings/organisation (R-ORG-SETTINGS) → the organisation's settings, its public
 * address and host names, and whether its administrators may change the settings here.
 */
export function useOrganisation() {
  return useQuery({
    queryKey: ORGANISATION_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiFetch<OrganisationSettings>('/api/settings/organisation', { signal }),
  });
}

/**
 * PUT /api/settings/organisation with the settings → the page's view as saved. A 409 means the
 * settings cannot be changed here (they come from the installation): the view is loaded again,
 * so the page shows them read-only.
 */
export function useSaveOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganisationSettingsInput) =>
      apiFetch<OrganisationSettings>('/api/settings/organisation', { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(ORGANISATION_QUERY_KEY, saved),
    onError: async (error) => {
      if (isApiError(error) && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: ORGANISATION_QUERY_KEY });
      }
    },
  });
}
