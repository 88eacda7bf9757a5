// What the page shows for a failed call. Pure, so it is unit tested.

function bodyOf(error: unknown): Record<string, unknown> | null {
  // Structural rather than `instanceof ApiError`: the check must not depend
  // on which bundle's copy of web-kit threw the error.
  if (typeof error !== 'object' || error === null || !('body' in error)) return null;
  const { body } = error as { body: unknown };
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
}

/**
 * The server's own message (CONTRACT §2: in the request's language), else
 * the fallback. A network failure or a proxy's HTML error page has none.
 */
export function serverMessage(error: unknown, fallback: string): string {
  const message = bodyOf(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

/** The HTTP status of a failed call, or 0 when there was no answer. */
export function errorStatus(error: unknown): number {
  if (typeof error !== 'object' || error === null || !('status' in error)) return 0;
  const { status } = error as { status: unknown };
  return typeof status === 'number' ? status : 0;
}

/**
 * A refused link (400, 403, 404) stays refused, so only a failure without an
 * answer or a server-side one is worth trying again.
 */
export function isRetryable(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 0 || status >= 500;
}
