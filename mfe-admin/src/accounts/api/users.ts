import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, SESSION_QUERY_KEY } from '@nsa/web-kit';
import type { AdminUserInput, PublicUser } from '@nsa/contracts';

export const USERS_QUERY_KEY = ['admin', 'users'] as const;

/** GET /api/admin/users → the administrators (never a password hash). */
export function useUsers() {
  return useQuery({
    queryKey: USERS_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const body = await apiFetch<unknown>('/api/admin/users', { signal });
      if (Array.isArray(body)) return body as PublicUser[];
      const users = (body as { users?: unknown } | null)?.users;
      return Array.isArray(users) ? (users as PublicUser[]) : [];
    },
  });
}

export interface SaveUser {
  /** Absent for a new user. */
  id?: number;
  input: AdminUserInput;
}

/** POST (new; the server mails a password-setup link) or PUT /api/admin/users/{id}. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: SaveUser) =>
      id === undefined
        ? apiFetch<PublicUser>('/api/admin/users', { method: 'POST', body: input })
        : apiFetch<PublicUser>(`/api/admin/users/${id}`, { method: 'PUT', body: input }),
    onSuccess: async (_user, { id }) => {
      const session = queryClient.getQueryData<PublicUser | null>(SESSION_QUERY_KEY);
      // Editing yourself may change your name or take away your admin role.
      if (id !== undefined && session?.id === id) {
        await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      }
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}

/** DELETE /api/admin/users/{id}; 409 for yourself or the last admin. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<unknown>(`/api/admin/users/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

/** R-TOTP: DELETE /api/admin/users/{id}/totp turns another user's two-step login off. */
export function useResetUserTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<unknown>(`/api/admin/users/${id}/totp`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
