import { describe, expect, it } from 'vitest';
import {
  capacityColour,
  capacityLevel,
  isAtCapacity,
  registrationCapacityColour,
  registrationCapacityLevel,
} from '../src/lib/capacity';

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

describe('capacity colour of the registrations list (spec §4)', () => {
  it('is red at or above capacity', () => {
    expect(registrationCapacityColour(10, 10)).toBe('red');
    expect(registrationCapacityColour(11, 10)).toBe('red');
    expect(registrationCapacityColour(1, 1)).toBe('red');
    expect(registrationCapacityLevel(5, 5)).toBe('full');
  });

  it('is orange from 80 % up to one below capacity', () => {
    expect(registrationCapacityColour(8, 10)).toBe('orange');
    expect(registrationCapacityColour(9, 10)).toBe('orange');
    expect(registrationCapacityColour(4, 5)).toBe('orange');
    expect(registrationCapacityColour(12, 15)).toBe('orange');
    expect(registrationCapacityLevel(8, 10)).toBe('almostFull');
  });

  it('is green below 80 %', () => {
    expect(registrationCapacityColour(7, 10)).toBe('green');
    expect(registrationCapacityColour(3, 5)).toBe('green');
    expect(registrationCapacityColour(11, 15)).toBe('green');
    expect(registrationCapacityColour(0, 1)).toBe('green');
    expect(registrationCapacityColour(0, 10)).toBe('green');
  });

  it('differs from the activity list where 80 % is not one below capacity', () => {
    expect(capacityColour(8, 10)).toBe('green');
    expect(registrationCapacityColour(8, 10)).toBe('orange');
    expect(capacityColour(0, 1)).toBe('orange');
    expect(registrationCapacityColour(0, 1)).toBe('green');
  });

  it('treats a capacity of 0 as full', () => {
    expect(registrationCapacityColour(0, 0)).toBe('red');
  });
});

describe('client-side approval block (spec §5)', () => {
  it('refuses when approved is at or above capacity', () => {
    expect(isAtCapacity(10, 10)).toBe(true);
    expect(isAtCapacity(11, 10)).toBe(true);
    expect(isAtCapacity(9, 10)).toBe(false);
    expect(isAtCapacity(0, 1)).toBe(false);
  });
});
