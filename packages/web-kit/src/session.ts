import { useCallback, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
// Types only: a value import would bundle zod into every page (mfe-public too).
import type { PublicUser } from '@nsa/contracts';
import { apiFetch } from './http';

/** One cache entry for "who is logged in", shared by the shell and every remote. */
export const SESSION_QUERY_KEY = ['auth', 'me'] as const;

function looksLikeUser(value: unknown): value is PublicUser {
  if (typeof value !== 'object' || value === null) return false;
  const { role } = value as { role?: unknown };
  return typeof role === 'string';
}

/** R-WEB-SESSION: the response's user property, or the response itself. */
export function sessionUserFrom(body: unknown): PublicUser | null {
  if (typeof body === 'object' && body !== null && 'user' in body) {
    const { user } = body as { user: unknown };
    return looksLikeUser(user) ? user : null;
  }
  return looksLikeUser(body) ? body : null;
}

/** GET /api/auth/me; R-WEB-SESSION: a 401, or any other failure, means nobody is logged in. */
export async function fetchSession(signal?: AbortSignal): Promise<PublicUser | null> {
  try {
    return sessionUserFrom(await apiFetch('/api/auth/me', { signal }));
  } catch (error) {
    // A cancelled query must stay cancelled, not turn into "logged out".
    if (signal?.aborted) throw error;
    return null;
  }
}

export interface Session {
  user: PublicUser | null;
  /** True until the first answer: show a spinner, decide nothing yet. */
  isLoading: boolean;
}

export function useSession(): Session {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
  });
  return { user: query.data ?? null, isLoading: query.isPending };
}

/**
 * R-WEB-LOGOUT: whatever the server answers, the session is gone, every
 * cached answer with it (they may hold personal data), and the user is on /login.
 * Clearing comes before navigating so /login starts with an empty cache.
 */
async function logout(queryClient: QueryClient, navigate: NavigateFunction): Promise<void> {
  await apiFetch('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  queryClient.clear();
  await navigate('/login');
}

export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await logout(queryClient, navigate);
    } finally {
      setPending(false);
    }
  }, [queryClient, navigate]);
  return { logout: run, pending };
}
