import { describe, expect, it } from 'vitest';
import {
  activityFiltersFrom,
  activityFiltersTo,
  fillPercent,
  filterActivities,
  hasActivityFilters,
  NO_ACTIVITY_FILTERS,
  ratePercent,
} from '../../src/catalog/lib/activity-filters';

const activity = (
  id: number,
  title: string,
  schoolId: number,
  blockId: number,
  providerId: number,
  school = `School ${schoolId}`,
  provider = `Aanbieder ${providerId}`,
) => ({
  id,
  title,
  schoolId,
  blockId,
  providerId,
  school: { id: schoolId, name: school },
  provider: { id: providerId, name: provider },
});

const list = [
  activity(1, 'Judo', 1, 1, 1),
  activity(2, 'Gitaarles voor beginners', 1, 2, 2, 'De Regenboog', 'Muziekschool De Notenbalk'),
  activity(3, 'Crèche-knutselen', 2, 2, 1),
  activity(4, 'Voetbal', 2, 1, 3, 'Het Palet', 'Sportief Voorbeeldstad'),
];

describe('activities screen filters (R-ADMIN-ACTIVITIES-FILTER)', () => {
  it('reads the address bar, unreadable values as not set, and writes it back keeping other parameters', () => {
    const filters = activityFiltersFrom(
      new URLSearchParams('schoolId=2&blockId=x&providerId=0&q=%20judo%20&lng=en'),
    );
    expect(filters).toEqual({ schoolId: 2, blockId: 'all', providerId: 'all', q: 'judo' });
    const next = activityFiltersTo(
      { ...filters, providerId: 3, q: '' },
      new URLSearchParams('schoolId=2&q=judo&lng=en'),
    );
    expect(next.toString()).toBe('schoolId=2&lng=en&providerId=3');
    expect(activityFiltersTo(NO_ACTIVITY_FILTERS, next).toString()).toBe('lng=en');
    expect(hasActivityFilters(NO_ACTIVITY_FILTERS)).toBe(false);
    expect(hasActivityFilters({ ...NO_ACTIVITY_FILTERS, q: ' x ' })).toBe(true);
  });

  it('filters by school, block and provider together', () => {
    const ids = (f: Partial<typeof NO_ACTIVITY_FILTERS>) =>
      filterActivities(list, { ...NO_ACTIVITY_FILTERS, ...f }).map((a) => a.id);
    expect(ids({})).toEqual([1, 2, 3, 4]);
    expect(ids({ schoolId: 1 })).toEqual([1, 2]);
    expect(ids({ blockId: 2 })).toEqual([2, 3]);
    expect(ids({ schoolId: 2, blockId: 1, providerId: 3 })).toEqual([4]);
    expect(ids({ schoolId: 1, providerId: 3 })).toEqual([]);
  });

  it('searches title, school and provider, ignoring case and accents', () => {
    const ids = (q: string) =>
      filterActivities(list, { ...NO_ACTIVITY_FILTERS, q }).map((a) => a.id);
    expect(ids('GITAAR')).toEqual([2]);
    expect(ids('creche')).toEqual([3]);
    expect(ids('notenbalk')).toEqual([2]);
    expect(ids('palet')).toEqual([4]);
    expect(ids('regenboog')).toEqual([2]);
    expect(ids('schaken')).toEqual([]);
  });

  it('shows a rate as a whole percentage and fills the capacity bar up to full', () => {
    expect([null, undefined, 0, 0.5, 0.876, 1, 1.2].map(ratePercent)).toEqual([
      null,
      null,
      0,
      50,
      88,
      100,
      100,
    ]);
    expect(fillPercent(0, 10)).toBe(0);
    expect(fillPercent(9, 10)).toBe(90);
    expect(fillPercent(12, 10)).toBe(100);
    expect(fillPercent(1, 0)).toBe(100);
  });
});
