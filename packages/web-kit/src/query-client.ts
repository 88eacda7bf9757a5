import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { apiFetch } from './http';

// Spec §7: "generic data queries build the path by joining key segments with '/'".
export function pathFromQueryKey(queryKey: readonly unknown[]): string {
  return queryKey.map((segment) => String(segment)).join('/');
}

async function defaultQueryFn({ queryKey, signal }: QueryFunctionContext): Promise<unknown> {
  return apiFetch(pathFromQueryKey(queryKey), { signal });
}

/** Spec §9 defaults: no retries, no refetch on focus or interval, data never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
