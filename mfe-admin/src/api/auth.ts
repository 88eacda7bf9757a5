import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@nsa/web-kit';
import type { LoginInput, ResetInput } from '@nsa/contracts';

// Keys under 'auth': a 401 here is an answer (wrong password), not an
// expired session (see web-kit's createQueryClient).

/** POST /api/auth/login → {user}; the caller puts the user in the session cache. */
export function useLogin() {
  return useMutation({
    mutationKey: ['auth', 'login'],
    mutationFn: (input: LoginInput) =>
      apiFetch<unknown>('/api/auth/login', { method: 'POST', body: input }),
  });
}

/** POST /api/auth/request-reset: answers the same for known and unknown addresses. */
export function useRequestReset() {
  return useMutation({
    mutationKey: ['auth', 'request-reset'],
    mutationFn: (input: { email: string }) =>
      apiFetch<unknown>('/api/auth/request-reset', { method: 'POST', body: input }),
  });
}

/**
 * POST /api/auth/reset with {token, newPassword}; the confirmation is never sent
 * (R-ADMIN-RESET-PAGE).
 */
export function useResetPassword() {
  return useMutation({
    mutationKey: ['auth', 'reset'],
    mutationFn: ({ token, newPassword }: ResetInput) =>
      apiFetch<unknown>('/api/auth/reset', { method: 'POST', body: { token, newPassword } }),
  });
}
