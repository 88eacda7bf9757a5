// R-ADMIN-COLOUR-ACTIVITIES, activity list: red when approved is at or above
// capacity, orange when exactly one place is left, otherwise green. The CSS
// draws each level in its colour (data-level).

export type CapacityLevel = 'full' | 'almostFull' | 'open';

export function capacityLevel(approved: number, capacity: number): CapacityLevel {
  if (approved >= capacity) return 'full';
  if (approved === capacity - 1) return 'almostFull';
  return 'open';
}

// R-ADMIN-COLOUR-SIGNUPS, registrations list: red at capacity, orange at
// 80 % or more, otherwise green. Deliberately not the activity list's rule
// above: 8 of 10 is orange here and green there.

export function registrationCapacityLevel(approved: number, capacity: number): CapacityLevel {
  if (capacity <= 0 || approved >= capacity) return 'full';
  // Integer arithmetic: 0.8 * capacity is not exact for every capacity.
  if (approved * 5 >= capacity * 4) return 'almostFull';
  return 'open';
}

/** R-REVIEW-CLIENT-FULL: approving is refused before any call when approved reaches capacity. */
export function isAtCapacity(approved: number, capacity: number): boolean {
  return approved >= capacity;
}

export interface PlacesCounts {
  approvedCount: number;
  /** Places held by an open offer; absent from an answer that predates the waiting list. */
  offeredCount?: number | null;
}

/** R-WAITLIST-CAPACITY: approved plus offered places count against capacity. */
export function placesTaken(a: PlacesCounts): number {
  return a.approvedCount + (a.offeredCount ?? 0);
}
