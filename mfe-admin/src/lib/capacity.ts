// Spec §4 "Capacity colour", activity list: red when approved is at or above
// capacity, orange when exactly one place is left, otherwise green.

export type CapacityLevel = 'full' | 'almostFull' | 'open';

export function capacityLevel(approved: number, capacity: number): CapacityLevel {
  if (approved >= capacity) return 'full';
  if (approved === capacity - 1) return 'almostFull';
  return 'open';
}

/** The colour a level is drawn in (also used by the CSS through data-level). */
export const CAPACITY_COLOURS: Record<CapacityLevel, 'red' | 'orange' | 'green'> = {
  full: 'red',
  almostFull: 'orange',
  open: 'green',
};

export function capacityColour(approved: number, capacity: number): 'red' | 'orange' | 'green' {
  return CAPACITY_COLOURS[capacityLevel(approved, capacity)];
}

// Spec §4 "Capacity colour", registrations list: red at capacity, orange at
// 80 % or more, otherwise green. Deliberately not the activity list's rule
// above: 8 of 10 is orange here and green there.

export function registrationCapacityLevel(approved: number, capacity: number): CapacityLevel {
  if (capacity <= 0 || approved >= capacity) return 'full';
  // Integer arithmetic: 0.8 * capacity is not exact for every capacity.
  if (approved * 5 >= capacity * 4) return 'almostFull';
  return 'open';
}

export function registrationCapacityColour(
  approved: number,
  capacity: number,
): 'red' | 'orange' | 'green' {
  return CAPACITY_COLOURS[registrationCapacityLevel(approved, capacity)];
}

/** Spec §5: approving is refused before any call when approved is at or above capacity. */
export function isAtCapacity(approved: number, capacity: number): boolean {
  return approved >= capacity;
}
