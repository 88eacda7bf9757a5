import { describe, expect, it } from 'vitest';
import { capacityColour, capacityLevel } from '../src/lib/capacity';

describe('capacity colour of the activity list (spec §4)', () => {
  it('is red when approved is at or above capacity', () => {
    expect(capacityColour(10, 10)).toBe('red');
    expect(capacityColour(12, 10)).toBe('red');
    expect(capacityColour(1, 1)).toBe('red');
    expect(capacityLevel(10, 10)).toBe('full');
  });

  it('is orange when exactly one place is left', () => {
    expect(capacityColour(9, 10)).toBe('orange');
    expect(capacityColour(0, 1)).toBe('orange');
    expect(capacityLevel(9, 10)).toBe('almostFull');
  });

  it('is green otherwise, unlike the 80% rule of the registrations list', () => {
    expect(capacityColour(8, 10)).toBe('green');
    expect(capacityColour(0, 10)).toBe('green');
    expect(capacityColour(0, 2)).toBe('green');
    expect(capacityLevel(0, 10)).toBe('open');
  });
});
