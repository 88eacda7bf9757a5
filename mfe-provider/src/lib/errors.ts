// What the page shows for a failed call. Pure, so it is unit tested.
import { isApiError } from '@nsa/web-kit';

/**
 * A refused link (400, 403, 404) stays refused, so only a failure without an
 * answer or a server-side one is worth trying again.
 */
export function isRetryable(error: unknown): boolean {
  return !isApiError(error) || error.status >= 500;
}
