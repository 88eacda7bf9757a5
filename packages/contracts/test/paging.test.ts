import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pagination, pagingQuery } from '../src/paging.js';

describe('paged lists', () => {
  it('answer one page at least, and say whether there is a page before and after', () => {
    expect(pagination(1, 50, 0)).toEqual({
      page: 1,
      limit: 50,
      total: 0,
      totalPages: 1,
      hasNext: false,
      hasPrev: false,
    });
    expect(pagination(2, 50, 101)).toMatchObject({ totalPages: 3, hasNext: true, hasPrev: true });
    expect(pagination(3, 50, 101)).toMatchObject({ totalPages: 3, hasNext: false, hasPrev: true });
    expect(pagination(1, 50, 50)).toMatchObject({ totalPages: 1, hasNext: false });
  });

  it('take page and limit from a query with their defaults and bounds', () => {
    const schema = z.object(pagingQuery(200));
    expect(schema.parse({})).toEqual({ page: 1, limit: 50 });
    expect(schema.parse({ page: '3', limit: '200' })).toEqual({ page: 3, limit: 200 });
    expect(schema.safeParse({ limit: '201' }).success).toBe(false);
    expect(schema.safeParse({ page: '0' }).success).toBe(false);
  });
});
