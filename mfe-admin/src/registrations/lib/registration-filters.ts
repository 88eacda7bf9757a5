// The sign-up list's filters (R-REVIEW-SCREEN, R-REVIEW-LIST): school, block, activity and
// status, 'all' meaning "not sent". They live in the address bar, so a
// reload or the back button keeps them. Pure, so it is unit tested.
import { REGISTRATION_STATUSES, type RegistrationStatus } from '@nsa/contracts';
import { idFrom, MAX_SEARCH, type IdFilter } from '../../shared/lib/id-filter';

// Every status the list can be filtered on, the waiting list's too (R-WAITLIST-STATUSES).
export { REGISTRATION_STATUSES };

export type StatusFilter = RegistrationStatus | 'all';

export interface RegistrationFilters {
  schoolId: IdFilter;
  blockId: IdFilter;
  activityId: IdFilter;
  status: StatusFilter;
  /** R-REVIEW-SEARCH: a part of the child's or parent's name or the email; absent when empty. */
  q?: string;
}

export type FilterName = keyof RegistrationFilters;

export const NO_FILTERS: RegistrationFilters = {
  schoolId: 'all',
  blockId: 'all',
  activityId: 'all',
  status: 'all',
};

const ID_FILTERS = ['schoolId', 'blockId', 'activityId'] as const;

function searchFrom(raw: string | null): string | undefined {
  const q = raw?.trim().slice(0, MAX_SEARCH);
  return q ? q : undefined;
}

function statusFrom(raw: string | null): StatusFilter {
  return REGISTRATION_STATUSES.find((status) => status === raw) ?? 'all';
}

/** Filters and page from the address bar; anything unreadable counts as not set. */
export function filtersFromSearch(params: URLSearchParams): {
  filters: RegistrationFilters;
  page: number;
} {
  const rawPage = params.get('page');
  const page = rawPage !== null && /^\d{1,6}$/.test(rawPage) ? Math.max(1, Number(rawPage)) : 1;
  return {
    filters: {
      schoolId: idFrom(params.get('schoolId')),
      blockId: idFrom(params.get('blockId')),
      activityId: idFrom(params.get('activityId')),
      status: statusFrom(params.get('status')),
      ...(searchFrom(params.get('q')) ? { q: searchFrom(params.get('q')) } : {}),
    },
    page,
  };
}

/**
 * The address bar's query with these filters and page, keeping every other
 * parameter (such as lng). 'all' and page 1 are left out.
 */
export function filtersToSearch(
  filters: RegistrationFilters,
  page: number,
  current: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of [...ID_FILTERS, 'status'] as const) {
    const value = filters[name];
    if (value === 'all') next.delete(name);
    else next.set(name, String(value));
  }
  const q = searchFrom(filters.q ?? null);
  if (q) next.set('q', q);
  else next.delete('q');
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

/**
 * GET /api/admin/registrations's query: filters only when not 'all' (R-REVIEW-LIST), then page
 * and limit.
 */
export function registrationsQuery(
  filters: RegistrationFilters,
  page: number,
  limit: number,
): string {
  const params = new URLSearchParams();
  for (const name of [...ID_FILTERS, 'status'] as const) {
    const value = filters[name];
    if (value !== 'all') params.set(name, String(value));
  }
  const q = searchFrom(filters.q ?? null);
  if (q) params.set('q', q);
  params.set('page', String(page));
  params.set('limit', String(limit));
  return params.toString();
}

export function hasFilters(filters: RegistrationFilters): boolean {
  return (
    Boolean(searchFrom(filters.q ?? null)) ||
    [...ID_FILTERS, 'status' as const].some((name) => filters[name] !== 'all')
  );
}

interface ActivityLike {
  id: number;
  schoolId?: number;
  blockId?: number;
  school?: { id?: number } | null;
  block?: { id?: number } | null;
}

const schoolOf = (a: ActivityLike) => a.schoolId ?? a.school?.id;
const blockOf = (a: ActivityLike) => a.blockId ?? a.block?.id;

/** The activity choices, narrowed to the chosen school and block. */
export function activitiesMatching<T extends ActivityLike>(
  activities: readonly T[],
  filters: Pick<RegistrationFilters, 'schoolId' | 'blockId'>,
): T[] {
  return activities.filter(
    (a) =>
      (filters.schoolId === 'all' || schoolOf(a) === filters.schoolId) &&
      (filters.blockId === 'all' || blockOf(a) === filters.blockId),
  );
}

/**
 * The filters after one of them changed. A chosen activity that falls
 * outside a newly chosen school or block is let go, so the list never shows
 * an impossible combination. The caller goes back to page 1.
 */
export function withFilter<T extends ActivityLike>(
  filters: RegistrationFilters,
  name: FilterName,
  value: IdFilter | StatusFilter,
  activities: readonly T[],
): RegistrationFilters {
  const next = { ...filters, [name]: value } as RegistrationFilters;
  if ((name === 'schoolId' || name === 'blockId') && next.activityId !== 'all') {
    const known = activities.some((a) => a.id === next.activityId);
    const stillMatches = activitiesMatching(activities, next).some((a) => a.id === next.activityId);
    if (known && !stillMatches) next.activityId = 'all';
  }
  return next;
}

export function statusFilterFrom(value: string): StatusFilter {
  return statusFrom(value);
}
