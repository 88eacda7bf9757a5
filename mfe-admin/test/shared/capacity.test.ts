import { describe, expect, it } from 'vitest';
import {
  capacityLevel,
  isAtCapacity,
  registrationCapacityLevel,
} from '../../src/shared/lib/capacity';

// The levels are drawn red (full), orange (almostFull) and green (open) by the CSS.

describe('capacity colour of the activity list (R-ADMIN-COLOUR-ACTIVITIES)', () => {
  it('is red when approved is at or above capacity', () => {
    expect(capacityLevel(10, 10)).toBe('full');
    expect(capacityLevel(12, 10)).toBe('full');
    expect(capacityLevel(1, 1)).toBe('full');
  });

  it('is orange when exactly one place is left', () => {
    expect(capacityLevel(9, 10)).toBe('almostFull');
    expect(capacityLevel(0, 1)).toBe('almostFull');
  });

  it('is green otherwise, unlike the 80% rule of the registrations list', () => {
    expect(capacityLevel(8, 10)).toBe('open');
    expect(capacityLevel(0, 10)).toBe('open');
    expect(capacityLevel(0, 2)).toBe('open');
  });
});

describe('capacity colour of the registrations list (R-ADMIN-COLOUR-SIGNUPS)', () => {
  it('is red at or above capacity', () => {
    expect(registrationCapacityLevel(10, 10)).toBe('full');
    expect(registrationCapacityLevel(11, 10)).toBe('full');
    expect(registrationCapacityLevel(1, 1)).toBe('full');
    expect(registrationCapacityLevel(5, 5)).toBe('full');
  });

  it('is orange from 80 % up to one below capacity', () => {
    expect(registrationCapacityLevel(8, 10)).toBe('almostFull');
    expect(registrationCapacityLevel(9, 10)).toBe('almostFull');
    expect(registrationCapacityLevel(4, 5)).toBe('almostFull');
    expect(registrationCapacityLevel(12, 15)).toBe('almostFull');
  });

  it('is green below 80 %', () => {
    expect(registrationCapacityLevel(7, 10)).toBe('open');
    expect(registrationCapacityLevel(3, 5)).toBe('open');
    expect(registrationCapacityLevel(11, 15)).toBe('open');
    expect(registrationCapacityLevel(0, 1)).toBe('open');
    expect(registrationCapacityLevel(0, 10)).toBe('open');
  });

  it('differs from the activity list where 80 % is not one below capacity', () => {
    expect(capacityLevel(8, 10)).toBe('open');
    expect(registrationCapacityLevel(8, 10)).toBe('almostFull');
    expect(capacityLevel(0, 1)).toBe('almostFull');
    expect(registrationCapacityLevel(0, 1)).toBe('open');
  });

  it('treats a capacity of 0 as full', () => {
    expect(registrationCapacityLevel(0, 0)).toBe('full');
  });
});

describe('client-side approval block (R-REVIEW-CLIENT-FULL)', () => {
  it('refuses when approved is at or above capacity', () => {
    expect(isAtCapacity(10, 10)).toBe(true);
    expect(isAtCapacity(11, 10)).toBe(true);
    expect(isAtCapacity(9, 10)).toBe(false);
    expect(isAtCapacity(0, 1)).toBe(false);
  });
});
