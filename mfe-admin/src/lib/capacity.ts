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
