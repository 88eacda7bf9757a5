import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EXPORT_PAGE_SIZE,
  fetchAllRegistrations,
  MAX_EXPORT_ROWS,
  registrationsPageFrom,
} from '../../src/registrations/api/registrations';
import { NO_FILTERS } from '../../src/registrations/lib/registration-filters';

/** A fake list endpoint over `total` sign-ups (ids total..1, newest first). */
function fakeList(total: number, { shiftAfterFirstPage = 0 } = {}) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(`${url.pathname}?${url.searchParams.toString()}`);
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    // New sign-ups arriving after page 1 push older ones to later pages.
    const shift = page > 1 ? shiftAfterFirstPage : 0;
    const all = total + shift;
    const start = (page - 1) * limit;
    const ids = Array.from(
      { length: Math.max(0, Math.min(limit, all - start)) },
      (_, i) => all - start - i,
    );
    const totalPages = Math.ceil(all / limit);
    const body = {
      data: ids.map((id) => ({ id })),
      pagination: {
        page,
        limit,
        total: all,
        totalPages,
        hasNext: page < totalPages,
        hasPrev: page > 1,
      },
    };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

beforeEach(() => {
  // apiFetch logs every call; keep the test output readable.
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('export reads every page of the current filters', () => {
  it('asks with the largest page size and the filters, until the last page', async () => {
    const calls = fakeList(450);
    const progress: [number, number][] = [];
    const result = await fetchAllRegistrations(
      { ...NO_FILTERS, schoolId: 3, status: 'new' },
      (loaded, total) => progress.push([loaded, total]),
    );
    expect(calls).toEqual([
      `/api/admin/registrations?schoolId=3&status=new&page=1&limit=${EXPORT_PAGE_SIZE}`,
      `/api/admin/registrations?schoolId=3&status=new&page=2&limit=${EXPORT_PAGE_SIZE}`,
      `/api/admin/registrations?schoolId=3&status=new&page=3&limit=${EXPORT_PAGE_SIZE}`,
    ]);
    expect(result.rows).toHaveLength(450);
    expect(result.rows[0]?.id).toBe(450);
    expect(result).toMatchObject({ total: 450, capped: false });
    expect(progress).toEqual([
      [200, 450],
      [400, 450],
      [450, 450],
    ]);
  });

  it('keeps a sign-up once when it moved to the next page meanwhile', async () => {
    fakeList(300, { shiftAfterFirstPage: 2 });
    const result = await fetchAllRegistrations(NO_FILTERS, () => undefined);
    const ids = result.rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('stops at the cap and says so', async () => {
    const calls = fakeList(MAX_EXPORT_ROWS + 500);
    const result = await fetchAllRegistrations(NO_FILTERS, () => undefined);
    expect(calls).toHaveLength(MAX_EXPORT_ROWS / EXPORT_PAGE_SIZE);
    expect(result.rows).toHaveLength(MAX_EXPORT_ROWS);
    expect(result).toMatchObject({ total: MAX_EXPORT_ROWS + 500, capped: true });
  });

  it('makes one call when nothing matches', async () => {
    const calls = fakeList(0);
    const result = await fetchAllRegistrations(NO_FILTERS, () => undefined);
    expect(calls).toHaveLength(1);
    expect(result).toEqual({ rows: [], total: 0, capped: false });
  });
});

describe('the list answer', () => {
  it('tolerates a missing pagination block', () => {
    expect(registrationsPageFrom({ data: [{ id: 1 }] }, 1, 50).pagination).toEqual({
      page: 1,
      limit: 50,
      total: 1,
      totalPages: 1,
      hasNext: false,
      hasPrev: false,
    });
    expect(registrationsPageFrom(null, 2, 50).data).toEqual([]);
  });
});
