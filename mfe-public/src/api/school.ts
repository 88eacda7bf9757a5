import { useQuery } from '@tanstack/react-query';

export interface SchoolSummary {
  id: number;
  name: string;
}

// Spec §5/§9: a school token is exactly 32 lowercase hexadecimal characters.
export const isSchoolToken = (token: string) => /^[0-9a-f]{32}$/.test(token);

/** GET /api/schools/by-token/{token}; the key doubles as the path (spec §7). */
export function useSchoolByToken(token: string) {
  return useQuery<SchoolSummary>({
    queryKey: ['/api/schools/by-token', token],
    enabled: isSchoolToken(token),
  });
}
