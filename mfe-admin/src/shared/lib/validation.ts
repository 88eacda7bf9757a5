import { VALIDATION_MESSAGES, type StaffLang } from '@nsa/contracts';
import type { FieldErrors } from './errors';

/** What the forms need of a zod schema (structural, so no direct zod import). */
export interface SafeParser<T> {
  safeParse(value: unknown):
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
      };
}

/** The shared schemas use VALIDATION_MESSAGES keys as messages (packages/contracts). */
function validationMessage(key: string, lang: StaffLang): string {
  return VALIDATION_MESSAGES[key]?.[lang] ?? key;
}

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Validates with a contracts schema; the first message per field, in the UI language. */
export function validate<T>(schema: SafeParser<T>, values: unknown, lang: StaffLang): Validated<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    errors[field] ??= validationMessage(issue.message, lang);
  }
  return { ok: false, errors };
}
