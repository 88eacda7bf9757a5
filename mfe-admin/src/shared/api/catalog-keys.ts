import type { QueryClient } from '@tanstack/react-query';

// Query keys of the catalog screens. Activities embed school, block and
// provider names, so a change to any of those refreshes the activity list too.
export const SCHOOLS_QUERY_KEY = ['schools'] as const;
export const BLOCKS_QUERY_KEY = ['blocks'] as const;
export const PROVIDERS_QUERY_KEY = ['providers'] as const;
export const ACTIVITIES_QUERY_KEY = ['admin', 'activities'] as const;

export function invalidateWithActivities(
  queryClient: QueryClient,
  key: readonly unknown[],
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: key }),
    queryClient.invalidateQueries({ queryKey: ACTIVITIES_QUERY_KEY }),
  ]);
}

/** Lists come as a bare array; tolerate an envelope so one odd answer does not break a screen. */
export function listFrom<T>(body: unknown, envelope: string): T[] {
  if (Array.isArray(body)) return body as T[];
  const inner = (body as Record<string, unknown> | null)?.[envelope];
  return Array.isArray(inner) ? (inner as T[]) : [];
}
