import { z } from 'zod';

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
