import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@nsa/web-kit';

export interface CurrentUser {
  id: number;
  name: string;
  email: string;
  role: string;
}

/** GET /api/auth/me: spec §7 treats 401, and any other failure, as "no user". */
export function useCurrentUser() {
  return useQuery<CurrentUser | null>({
    queryKey: ['/api/auth/me'],
    queryFn: ({ signal }) => apiFetch<CurrentUser>('/api/auth/me', { signal }).catch(() => null),
  });
}
