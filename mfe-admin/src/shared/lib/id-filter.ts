// Filters of a list kept in the address bar, which the sign-up list and the activity list share
// (R-REVIEW-SCREEN, R-ADMIN-ACTIVITIES-FILTER): an id, 'all' meaning "not sent", and the
// search's longest text. Pure, so it is unit tested.

export type IdFilter = number | 'all';

/** The longest search the API takes. */
export const MAX_SEARCH = 200;

/** An id from the address bar; anything but a positive 32-bit integer is 'all'. */
export function idFrom(raw: string | null): IdFilter {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return 'all';
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : 'all';
}

/** A select's value as a filter value. */
export function idFilterFrom(value: string): IdFilter {
  return idFrom(value === 'all' ? null : value);
}
