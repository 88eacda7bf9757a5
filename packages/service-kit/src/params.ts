import type { Request } from 'express';
import { INVALID_VALUE } from '@nsa/contracts';
import { AppError } from './errors.js';

const MAX_ID = 2_147_483_647;
const isId = (raw: unknown): raw is string =>
  typeof raw === 'string' && /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= MAX_ID;

/**
 * A path id: plain digits within a database integer. `2e0`, `0x2`, ` 2` or a
 * number past the column's range name nothing: 404, never a 500.
 */
export function idParam(req: Request, name = 'id'): number {
  const raw = req.params[name];
  if (!isId(raw)) throw AppError.notFound();
  return Number(raw);
}

/** An optional id in the query string; a malformed one is a validation error. */
export function optionalIdQuery(req: Request, name: string): number | undefined {
  const raw = req.query[name];
  if (raw === undefined || raw === '') return undefined;
  if (!isId(raw)) throw AppError.validation({ [name]: INVALID_VALUE });
  return Number(raw);
}
