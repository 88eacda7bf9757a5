import type { Request } from 'express';
import { AppError } from '@nsa/service-kit';

/** A positive integer path id; anything else is simply not found. */
export function idParam(req: Request, name = 'id'): number {
  const raw = req.params[name];
  const id = Number(raw);
  if (
    typeof raw !== 'string' ||
    !/^\d{1,10}$/.test(raw) ||
    !Number.isSafeInteger(id) ||
    id <= 0 ||
    id > 2_147_483_647
  ) {
    throw AppError.notFound();
  }
  return id;
}

/** An optional positive integer query parameter. */
export function optionalIdQuery(req: Request, name: string): number | undefined {
  const raw = req.query[name];
  if (raw === undefined || raw === '') return undefined;
  if (
    typeof raw !== 'string' ||
    !/^\d{1,10}$/.test(raw) ||
    Number(raw) <= 0 ||
    Number(raw) > 2_147_483_647
  ) {
    throw AppError.validation({ [name]: { nl: 'Ongeldige waarde', en: 'Invalid value' } });
  }
  return Number(raw);
}
