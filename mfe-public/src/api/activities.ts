import { useQuery } from '@tanstack/react-query';
import type { ActivityView, Block } from '@nsa/contracts';
import { apiFetch } from '@nsa/web-kit';
import { assertSameSchool } from '../lib/activities';

/** Every public activity list starts with this key; a sign-up invalidates it. */
export const ACTIVITIES_KEY = ['/api/activities'] as const;

/** The header that proves the caller holds the school's link (R-SCHOOL-LINK). */
export const schoolTokenHeaders = (token: string) => ({ 'X-School-Token': token });

/**
 * GET /api/activities?schoolId=…[&blockId=…] with the school token; asked once the school's id is
 * known (undefined until then).
 */
export function useSchoolActivities(schoolId: number | undefined, token: string, blockId: string) {
  return useQuery<ActivityView[]>({
    queryKey: [...ACTIVITIES_KEY, schoolId, blockId || 'all'],
    enabled: schoolId !== undefined,
    queryFn: async ({ signal }) => {
      if (schoolId === undefined) throw new Error('the school is not known yet');
      const query = new URLSearchParams({ schoolId: String(schoolId) });
      if (blockId) query.set('blockId', blockId);
      const data = await apiFetch<unknown>(`/api/activities?${query.toString()}`, {
        signal,
        headers: schoolTokenHeaders(token),
      });
      return assertSameSchool(data, schoolId);
    },
  });
}

/** GET /api/blocks (public), ordered by first week, for the block filter. */
export function useBlocks() {
  return useQuery<Block[]>({
    queryKey: ['/api/blocks'],
    select: (blocks) => [...blocks].sort((a, b) => a.weekStart - b.weekStart || a.id - b.id),
  });
}
