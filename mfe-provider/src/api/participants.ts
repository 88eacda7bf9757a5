import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '@nsa/web-kit';
import type { ParticipantsResponse } from '@nsa/contracts';
import type { ProviderParams } from '../lib/params';
import { NAMESPACE } from '../namespace';

/** GET /api/provider/{activityId}/participants?token=… (R-PROVIDER-LIST). */
export function useParticipants(params: ProviderParams) {
  const { i18n } = useTranslation(NAMESPACE);
  const { activityId, token } = params;
  return useQuery<ParticipantsResponse>({
    // The language is part of the key so a switch fetches the error message
    // (R-LANG-API: in the request's language) again.
    queryKey: ['/api/provider', activityId, 'participants', token, i18n.language],
    queryFn: ({ signal }) =>
      apiFetch<ParticipantsResponse>(
        `/api/provider/${activityId}/participants?token=${encodeURIComponent(token)}`,
        { signal },
      ),
    // Children's names: not kept in memory once the page is left.
    gcTime: 0,
  });
}
