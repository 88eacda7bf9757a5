import { ApiError } from '@nsa/web-kit';

export interface ApiErrorLike extends Error {
  status: number;
  body: unknown;
}

/**
 * web-kit is bundled into every app, so an error thrown by the shell's copy
 * (the default queryFn of the shared QueryClient) is another ApiError class
 * than this remote's: `instanceof` alone would miss it.
 */
export function asApiError(error: unknown): ApiErrorLike | null {
  if (error instanceof ApiError) return error;
  if (
    error instanceof Error &&
    error.name === 'ApiError' &&
    typeof (error as { status?: unknown }).status === 'number'
  ) {
    return error as ApiErrorLike;
  }
  return null;
}
