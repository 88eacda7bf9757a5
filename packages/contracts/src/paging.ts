import { z } from 'zod';
import type { Pagination } from './api-schemas.js';

/** The highest page number a list takes. */
export const MAX_PAGE = 100_000;

/**
 * `page` (from 1, default 1) and `limit` (1 to `maxLimit`, default 50) of a paged admin list's
 * query, for its schema to spread in.
 */
export function pagingQuery(maxLimit: number) {
  const count = (max: number) =>
    z.coerce
      .number({ error: 'invalidType' })
      .int('invalidType')
      .min(1, 'invalidType')
      .max(max, 'invalidType');
  return { page: count(MAX_PAGE).default(1), limit: count(maxLimit).default(50) };
}

/** The pagination of a paged list's answer: one page at least, also when the list is empty. */
export function pagination(page: number, limit: number, total: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return { page, limit, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
}
