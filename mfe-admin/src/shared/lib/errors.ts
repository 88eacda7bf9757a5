// What the admin screens show for a failed call. Pure, so it is unit tested.
import { errorBody, serverMessage } from '@nsa/web-kit';

export type FieldErrors = Partial<Record<string, string>>;

/** A validation error's `fields: {name: message}`, for showing under the inputs. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const fields = errorBody(error)?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  const result: FieldErrors = {};
  for (const [name, message] of Object.entries(fields)) {
    if (typeof message === 'string' && message !== '') result[name] = message;
  }
  return result;
}

/**
 * The text of a failed create, update or delete: the server's message when it
 * says something specific (a conflict like "activities are still linked", a
 * 404, a 503), else the screen's own text. A validation failure's message is
 * generic; its details already show under the inputs.
 */
export function actionError(error: unknown, fallback: string): string {
  if (errorBody(error)?.code === 'VALIDATION_FAILED') return fallback;
  return serverMessage(error, fallback);
}
