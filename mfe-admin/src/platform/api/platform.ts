import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@nsa/web-kit';
import type {
  NewOrganisationInput,
  OrganisationPatch,
  PlatformAuditPageAnswer,
  PlatformOrganisation,
  PlatformSession,
} from '@nsa/contracts';

// R-PLATFORM-SCREENS: keys under 'auth', like the login's: a 401 here says there is no platform
// session, never that the organisation admin's session expired (see web-kit's
// createQueryClient), so these screens decide about it themselves.
export const PLATFORM_KEY = ['auth', 'platform'] as const;
export const PLATFORM_SESSION_KEY = [...PLATFORM_KEY, 'session'] as const;
export const PLATFORM_ORGANISATIONS_KEY = [...PLATFORM_KEY, 'organisations'] as const;
export const PLATFORM_AUDIT_KEY = [...PLATFORM_KEY, 'audit'] as const;

/** Whether a call answered that there is no platform session (401). */
export const isUnauthenticated = (error: unknown) => isApiError(error) && error.status === 401;

/** After a 401 from any platform call: the session is gone, the pages go to the login. */
function forgetOn401(queryClient: QueryClient, error: unknown) {
  if (isUnauthenticated(error)) queryClient.setQueryData(PLATFORM_SESSION_KEY, null);
}

/** GET /api/platform/session → the platform administrator, or null without a session (401). */
export function usePlatformSession() {
  return useQuery({
    queryKey: PLATFORM_SESSION_KEY,
    queryFn: async ({ signal }): Promise<PlatformSession | null> => {
      try {
        return await apiFetch<PlatformSession>('/api/platform/session', { signal });
      } catch (error) {
        if (isUnauthenticated(error)) return null;
        throw error;
      }
    },
  });
}

/** POST /api/platform/login {email, password} → {admin}; 401 for a wrong address or password. */
export function usePlatformLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...PLATFORM_KEY, 'login'],
    mutationFn: (input: { email: string; password: string }) =>
      apiFetch<PlatformSession>('/api/platform/login', { method: 'POST', body: input }),
    onSuccess: (session) => queryClient.setQueryData(PLATFORM_SESSION_KEY, session),
  });
}

/**
 * POST /api/platform/logout. Whatever it answers, the session is gone here, with every platform
 * answer cached (R-WEB-LOGOUT, as for an organisation's admins).
 */
export function usePlatformLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...PLATFORM_KEY, 'logout'],
    mutationFn: () =>
      apiFetch<unknown>('/api/platform/logout', { method: 'POST' }).catch(() => undefined),
    onSettled: () => {
      queryClient.removeQueries({ queryKey: PLATFORM_ORGANISATIONS_KEY });
      queryClient.removeQueries({ queryKey: PLATFORM_AUDIT_KEY });
      queryClient.setQueryData(PLATFORM_SESSION_KEY, null);
    },
  });
}

/** GET /api/platform/organisations → every organisation of the deployment, with its counts. */
export function usePlatformOrganisations() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: PLATFORM_ORGANISATIONS_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<PlatformOrganisation[]>('/api/platform/organisations', { signal });
      } catch (error) {
        forgetOn401(queryClient, error);
        throw error;
      }
    },
  });
}

const fetchAuditPage = (before: number | null, signal?: AbortSignal) =>
  apiFetch<PlatformAuditPageAnswer>(
    before === null ? '/api/platform/audit' : `/api/platform/audit?before=${before}`,
    { signal },
  );

/**
 * GET /api/platform/audit (R-PLATFORM-AUDIT): the log's newest page (what was done to the
 * organisations, newest first), with the `before` of the page after it (null: the last).
 */
export function usePlatformAudit() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: PLATFORM_AUDIT_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await fetchAuditPage(null, signal);
      } catch (error) {
        forgetOn401(queryClient, error);
        throw error;
      }
    },
  });
}

/**
 * GET /api/platform/audit?before=<id>: an older page of the log, asked for with a button. A
 * mutation, as the shared react-query (web-kit's facade) has no useInfiniteQuery; see
 * lib/use-platform-log.ts.
 */
export function usePlatformAuditOlder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...PLATFORM_AUDIT_KEY, 'older'],
    mutationFn: (before: number) => fetchAuditPage(before),
    onError: (error) => forgetOn401(queryClient, error),
  });
}

/** After an organisation was changed here: the log says so, so it is loaded again. */
const reloadAudit = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: PLATFORM_AUDIT_KEY });

/** The new organisation as sent: `id` is never set (FormDialog's save takes {id?, input}). */
export interface CreateOrganisation {
  id?: number;
  input: NewOrganisationInput;
}

/**
 * POST /api/platform/organisations → {id, slug}; the server mails the first administrator a link
 * to set a password. 409 when the slug or a host name is taken.
 */
export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...PLATFORM_KEY, 'create'],
    mutationFn: ({ input }: CreateOrganisation) =>
      apiFetch<{ id: number; slug: string }>('/api/platform/organisations', {
        method: 'POST',
        body: input,
      }),
    onSuccess: () => {
      void reloadAudit(queryClient);
      return queryClient.invalidateQueries({ queryKey: PLATFORM_ORGANISATIONS_KEY });
    },
    onError: (error) => forgetOn401(queryClient, error),
  });
}

export interface UpdateOrganisation {
  id?: number;
  input: OrganisationPatch;
}

/**
 * PATCH /api/platform/organisations/:id with a name, host names or a status → the organisation
 * as changed, put in the list at once. 409 for organisation 1, the deployment's own.
 */
export function useUpdateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...PLATFORM_KEY, 'update'],
    mutationFn: ({ id, input }: UpdateOrganisation) =>
      apiFetch<PlatformOrganisation>(`/api/platform/organisations/${id}`, {
        method: 'PATCH',
        body: input,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData<PlatformOrganisation[]>(PLATFORM_ORGANISATIONS_KEY, (list) =>
        list?.map((organisation) => (organisation.id === saved.id ? saved : organisation)),
      );
      void reloadAudit(queryClient);
    },
    onError: (error) => forgetOn401(queryClient, error),
  });
}

/**
 * DELETE /api/platform/organisations/:id: erases a suspended organisation and all its data in
 * every service. A 503 leaves it listed as being deleted, to try again: the list is loaded again
 * whatever the answer.
 */
export function useDeleteOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...PLATFORM_KEY, 'delete'],
    mutationFn: (id: number) =>
      apiFetch<unknown>(`/api/platform/organisations/${id}`, { method: 'DELETE' }),
    onSuccess: (_body, id) =>
      queryClient.setQueryData<PlatformOrganisation[]>(PLATFORM_ORGANISATIONS_KEY, (list) =>
        list?.filter((organisation) => organisation.id !== id),
      ),
    onError: (error) => forgetOn401(queryClient, error),
    // A delete that did not finish is logged too (its start), so the log is loaded again either way.
    onSettled: () => {
      void reloadAudit(queryClient);
      return queryClient.invalidateQueries({ queryKey: PLATFORM_ORGANISATIONS_KEY });
    },
  });
}
