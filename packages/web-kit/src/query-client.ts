import {
  MutationCache,
  QueryCache,
  QueryClient,
  type QueryFunctionContext,
  type QueryKey,
} from '@tanstack/react-query';
import { apiFetch, isApiError } from './http';
import { SESSION_QUERY_KEY } from './session';

// R-WEB-QUERIES: a generic query's path is its key's segments joined with '/'.
export function pathFromQueryKey(queryKey: readonly unknown[]): string {
  return queryKey.map((segment) => String(segment)).join('/');
}

async function defaultQueryFn({ queryKey, signal }: QueryFunctionContext): Promise<unknown> {
  return apiFetch(pathFromQueryKey(queryKey), { signal });
}

const isAuthKey = (key: QueryKey | undefined) => key?.[0] === SESSION_QUERY_KEY[0];

/**
 * R-WEB-SESSION: a 401 means "no user". When any call answers 401 (the session
 * expired or was revoked) the session entry becomes null, so protected routes
 * send the user to /login instead of showing errors. Calls under ['auth', …]
 * (a wrong password answers 401 too) decide about the session themselves.
 */
export function expiredSession(error: unknown, key: QueryKey | undefined): boolean {
  return isApiError(error) && error.status === 401 && !isAuthKey(key);
}

/** R-WEB-QUERIES defaults: no retries, no refetch on focus or interval, data never stale. */
export function createQueryClient(): QueryClient {
  const forgetSession = (error: unknown, key: QueryKey | undefined) => {
    if (expiredSession(error, key)) client.setQueryData(SESSION_QUERY_KEY, null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => forgetSession(error, query.queryKey) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => forgetSession(error, mutation.options.mutationKey),
    }),
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
  return client;
}
