// What the admin screens show for a failed call. Pure, so it is unit tested.

export type FieldErrors = Partial<Record<string, string>>;

function bodyOf(error: unknown): Record<string, unknown> | null {
  // Structural rather than `instanceof ApiError`: the check must not depend
  // on which bundle's copy of web-kit threw the error.
  if (typeof error !== 'object' || error === null || !('body' in error)) return null;
  const { body } = error as { body: unknown };
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
}

/**
 * The server's own message (CONTRACT §2: every error body has one, in the
 * request's language), else the screen's fallback text. A network failure
 * or a proxy's HTML error page has no server message and gets the fallback.
 */
export function serverMessage(error: unknown, fallback: string): string {
  const message = bodyOf(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

/** A validation error's `fields: {name: message}`, for showing under the inputs. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const fields = bodyOf(error)?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  const result: FieldErrors = {};
  for (const [name, message] of Object.entries(fields)) {
    if (typeof message === 'string' && message !== '') result[name] = message;
  }
  return result;
}

/** The error body itself, when the server sent one (e.g. a 503 health answer). */
export function errorBody(error: unknown): Record<string, unknown> | null {
  return bodyOf(error);
}

/**
 * The text of a failed create, update or delete: the server's message when it
 * says something specific (a conflict like "activities are still linked", a
 * 404, a 503), else the screen's own text. A validation failure's message is
 * generic; its details already show under the inputs.
 */
export function actionError(error: unknown, fallback: string): string {
  const body = bodyOf(error);
  if (body?.code === 'VALIDATION_FAILED') return fallback;
  return serverMessage(error, fallback);
}

/** The HTTP status of a failed call, or 0 when there was no answer. */
export function errorStatus(error: unknown): number {
  if (typeof error !== 'object' || error === null || !('status' in error)) return 0;
  const { status } = error as { status: unknown };
  return typeof status === 'number' ? status : 0;
}
