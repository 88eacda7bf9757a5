import { describe, expect, it } from 'vitest';
import {
  activitiesMatching,
  filtersFromSearch,
  filtersToSearch,
  hasFilters,
  NO_FILTERS,
  registrationsQuery,
  statusFilterFrom,
  withFilter,
} from '../../src/registrations/lib/registration-filters';
import { idFilterFrom } from '../../src/shared/lib/id-filter';

const activities = [
  { id: 1, schoolId: 10, blockId: 100 },
  { id: 2, schoolId: 10, blockId: 200 },
  { id: 3, schoolId: 20, blockId: 100 },
];

describe('the list call (R-REVIEW-LIST)', () => {
  it("sends no filter that is 'all'", () => {
    expect(registrationsQuery(NO_FILTERS, 1, 50)).toBe('page=1&limit=50');
  });

  it('sends the chosen filters, the page and the limit', () => {
    expect(
      registrationsQuery({ schoolId: 10, blockId: 'all', activityId: 2, status: 'new' }, 3, 200),
    ).toBe('schoolId=10&activityId=2&status=new&page=3&limit=200');
  });
});

describe('filters in the address bar', () => {
  it('reads filters and page, ignoring anything unreadable', () => {
    expect(filtersFromSearch(new URLSearchParams('schoolId=4&status=approved&page=2'))).toEqual({
      filters: { schoolId: 4, blockId: 'all', activityId: 'all', status: 'approved' },
      page: 2,
    });
    expect(
      filtersFromSearch(
        new URLSearchParams('schoolId=x&blockId=-1&activityId=0&status=gone&page=0'),
      ),
    ).toEqual({ filters: NO_FILTERS, page: 1 });
    expect(filtersFromSearch(new URLSearchParams('page=abc&blockId=99999999999'))).toEqual({
      filters: NO_FILTERS,
      page: 1,
    });
  });

  it('writes them back, keeping other parameters and leaving out all and page 1', () => {
    const next = filtersToSearch(
      { schoolId: 4, blockId: 'all', activityId: 'all', status: 'rejected' },
      1,
      new URLSearchParams('lng=en&blockId=7&page=3'),
    );
    expect(next.toString()).toBe('lng=en&schoolId=4&status=rejected');
    expect(filtersToSearch(NO_FILTERS, 2, new URLSearchParams()).toString()).toBe('page=2');
  });

  it('round-trips', () => {
    const filters = { schoolId: 1, blockId: 2, activityId: 3, status: 'new' } as const;
    expect(filtersFromSearch(filtersToSearch(filters, 5, new URLSearchParams()))).toEqual({
      filters,
      page: 5,
    });
  });

  it('turns select values into filter values', () => {
    expect(idFilterFrom('all')).toBe('all');
    expect(idFilterFrom('12')).toBe(12);
    expect(idFilterFrom('')).toBe('all');
    expect(statusFilterFrom('approved')).toBe('approved');
    expect(statusFilterFrom('all')).toBe('all');
    expect(statusFilterFrom('nope')).toBe('all');
  });

  it('knows whether any filter is set', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, status: 'new' })).toBe(true);
  });
});

describe('the activity choices', () => {
  it('are narrowed by the chosen school and block', () => {
    expect(activitiesMatching(activities, NO_FILTERS).map((a) => a.id)).toEqual([1, 2, 3]);
    expect(
      activitiesMatching(activities, { schoolId: 10, blockId: 'all' }).map((a) => a.id),
    ).toEqual([1, 2]);
    expect(
      activitiesMatching(activities, { schoolId: 'all', blockId: 100 }).map((a) => a.id),
    ).toEqual([1, 3]);
    expect(activitiesMatching(activities, { schoolId: 10, blockId: 100 }).map((a) => a.id)).toEqual(
      [1],
    );
  });

  it('also read the nested school and block of an admin activity', () => {
    const nested = [{ id: 5, school: { id: 1 }, block: { id: 2 } }];
    expect(activitiesMatching(nested, { schoolId: 1, blockId: 2 })).toHaveLength(1);
    expect(activitiesMatching(nested, { schoolId: 3, blockId: 'all' })).toHaveLength(0);
  });

  it('let go of a chosen activity outside a newly chosen school or block', () => {
    const chosen = { ...NO_FILTERS, activityId: 3 };
    expect(withFilter(chosen, 'schoolId', 10, activities)).toEqual({
      ...NO_FILTERS,
      schoolId: 10,
    });
    expect(withFilter(chosen, 'schoolId', 20, activities)).toEqual({
      ...NO_FILTERS,
      schoolId: 20,
      activityId: 3,
    });
    expect(withFilter(chosen, 'status', 'new', activities)).toEqual({
      ...chosen,
      status: 'new',
    });
  });

  it('keep an activity the list does not know yet (still loading)', () => {
    const chosen = { ...NO_FILTERS, activityId: 3 };
    expect(withFilter(chosen, 'blockId', 200, [])).toEqual({ ...chosen, blockId: 200 });
  });
});

describe('the search in the address bar and the list call (R-REVIEW-SEARCH)', () => {
  it('reads q trimmed, writes it back, sends it, and counts it as a filter', () => {
    const { filters } = filtersFromSearch(new URLSearchParams('q=%20jansen%40%20&status=new'));
    expect(filters).toEqual({ ...NO_FILTERS, status: 'new', q: 'jansen@' });
    expect(filtersToSearch(filters, 1, new URLSearchParams('lng=en')).toString()).toBe(
      'lng=en&status=new&q=jansen%40',
    );
    expect(registrationsQuery(filters, 2, 50)).toBe('status=new&q=jansen%40&page=2&limit=50');
    expect(hasFilters({ ...NO_FILTERS, q: 'a' })).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, q: '  ' })).toBe(false);
  });

  it('leaves an empty search out of the address bar and the call', () => {
    const cleared = filtersToSearch({ ...NO_FILTERS, q: '' }, 1, new URLSearchParams('q=old'));
    expect(cleared.toString()).toBe('');
    expect(filtersFromSearch(new URLSearchParams('q=')).filters).toEqual(NO_FILTERS);
    expect(registrationsQuery({ ...NO_FILTERS, q: ' ' }, 1, 50)).toBe('page=1&limit=50');
  });
});
