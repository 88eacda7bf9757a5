import type { z } from 'zod';
import { INVALID_VALUE, VALIDATION_MESSAGES, type Localized } from '@nsa/contracts';
import { AppError } from './errors.js';

/**
 * Parses input with a contracts schema. Schemas name their messages by key
 * (contracts' VALIDATION_MESSAGES) so that one schema answers in every language.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, Localized | string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (key in fields) continue;
    fields[key] = VALIDATION_MESSAGES[issue.message] ?? INVALID_VALUE;
  }
  throw AppError.validation(fields);
}
