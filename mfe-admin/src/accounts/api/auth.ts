import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, SESSION_QUERY_KEY } from '@nsa/web-kit';
import type {
  LoginInput,
  PublicUser,
  ResetInput,
  TotpEnableInput,
  TotpEnrolment,
} from '@nsa/contracts';
import { USERS_QUERY_KEY } from './users';

// Keys under 'auth': a 401 here is an answer (wrong password), not an
// expired session (see web-kit's createQueryClient).

/**
 * POST /api/auth/login → {user}, or {totpEnrolment} where two-step login is required and not
 * set up (R-TOTP); the caller puts the user in the session cache.
 */
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

/** R-TOTP: what enabling answers; `user` when the enrolment also logged in. */
export interface TotpEnabled {
  recoveryCodes: string[];
  user?: PublicUser;
}

/** POST /api/auth/totp/setup → a new secret with its QR code, not yet in use. */
export function useTotpSetup() {
  return useMutation({
    mutationKey: ['auth', 'totp-setup'],
    mutationFn: () => apiFetch<TotpEnrolment>('/api/auth/totp/setup', { method: 'POST' }),
  });
}

/** POST /api/auth/totp/enable with the enrolment's ticket and the app's first code. */
export function useTotpEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'totp-enable'],
    mutationFn: (input: TotpEnableInput) =>
      apiFetch<TotpEnabled>('/api/auth/totp/enable', { method: 'POST', body: input }),
    onSuccess: async (result) => {
      if (result.user) queryClient.setQueryData(SESSION_QUERY_KEY, result.user);
      else await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      // The settings screen's list shows who has it on.
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}

/** POST /api/auth/totp/disable with the password again. */
export function useTotpDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'totp-disable'],
    mutationFn: (input: { password: string }) =>
      apiFetch<unknown>('/api/auth/totp/disable', { method: 'POST', body: input }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}
