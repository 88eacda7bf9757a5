import { useQuery } from '@tanstack/react-query';
import type { SchoolSummary } from '@nsa/contracts';

/**
 * The same pattern as SCHOOL_TOKEN_PATTERN in @nsa/contracts (a test keeps
 * them equal). Not imported: it lives next to zod schemas built at module
 * level, and importing it would pull zod (~25 KiB gzip) into the school
 * page's first load.
 */
export const SCHOOL_TOKEN = /^[0-9a-f]{32}$/;

// R-PUBLIC-SCHOOL-TOKEN: a school token is exactly 32 lowercase hexadecimal characters;
// anything else is "not found" without asking the server.
export const isSchoolToken = (token: string) => SCHOOL_TOKEN.test(token);

/** GET /api/schools/by-token/{token}; the key doubles as the path (R-WEB-QUERIES). */
export function useSchoolByToken(token: string) {
  return useQuery<SchoolSummary>({
    queryKey: ['/api/schools/by-token', token],
    enabled: isSchoolToken(token),
  });
}
