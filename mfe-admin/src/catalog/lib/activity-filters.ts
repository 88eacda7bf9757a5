// R-ADMIN-ACTIVITIES-FILTER: the activities screen's filters (school, block, provider and a
// search), kept in the address bar so a view can be bookmarked and shared. Pure, so it is unit
// tested; the list is filtered in the browser (it is read whole).
import { idFrom, type IdFilter } from '../../shared/lib/id-filter';

export type IdChoice = IdFilter;

export interface ActivityFilters {
  schoolId: IdChoice;
  blockId: IdChoice;
  providerId: IdChoice;
  /** Part of the title, the school's or the provider's name, any case; '' when not set. */
  q: string;
}

export const NO_ACTIVITY_FILTERS: ActivityFilters = {
  schoolId: 'all',
  blockId: 'all',
  providerId: 'all',
  q: '',
};

const IDS = ['schoolId', 'blockId', 'providerId'] as const;
export const MAX_ACTIVITY_SEARCH = 200;

export function activityFiltersFrom(params: URLSearchParams): ActivityFilters {
  return {
    schoolId: idFrom(params.get('schoolId')),
    blockId: idFrom(params.get('blockId')),
    providerId: idFrom(params.get('providerId')),
    q: (params.get('q') ?? '').trim().slice(0, MAX_ACTIVITY_SEARCH),
  };
}

/** The address bar's query with these filters; every other parameter (such as lng) kept. */
export function activityFiltersTo(
  filters: ActivityFilters,
  current: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of IDS) {
    const value = filters[name];
    if (value === 'all') next.delete(name);
    else next.set(name, String(value));
  }
  const q = filters.q.trim().slice(0, MAX_ACTIVITY_SEARCH);
  if (q) next.set('q', q);
  else next.delete('q');
  return next;
}

export function hasActivityFilters(filters: ActivityFilters): boolean {
  return filters.q.trim() !== '' || IDS.some((name) => filters[name] !== 'all');
}

interface Filterable {
  title: string;
  schoolId: number;
  blockId: number;
  providerId: number;
  school?: { name?: string } | null;
  provider?: { name?: string } | null;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('nl');

/** The activities that match every filter; the search ignores case and accents. */
export function filterActivities<T extends Filterable>(
  activities: readonly T[],
  filters: ActivityFilters,
): T[] {
  const q = fold(filters.q.trim());
  return activities.filter(
    (a) =>
      (filters.schoolId === 'all' || a.schoolId === filters.schoolId) &&
      (filters.blockId === 'all' || a.blockId === filters.blockId) &&
      (filters.providerId === 'all' || a.providerId === filters.providerId) &&
      (q === '' ||
        [a.title, a.school?.name ?? '', a.provider?.name ?? ''].some((text) =>
          fold(text).includes(q),
        )),
  );
}

/** The attendance rate as a whole percentage, or null while nothing is marked. */
export function ratePercent(rate: number | null | undefined): number | null {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return null;
  return Math.round(Math.min(1, Math.max(0, rate)) * 100);
}

/** How much of the capacity bar is filled, 0–100; over capacity stays full. */
export function fillPercent(taken: number, capacity: number): number {
  if (capacity <= 0) return 100;
  return Math.round(Math.min(1, Math.max(0, taken / capacity)) * 100);
}
