import { describe, expect, it } from 'vitest';
import { ApiError } from '@nsa/web-kit';
import { activitySchema, blockSchema, type ActivityView } from '@nsa/contracts';
import {
  activityFormInput,
  activityFormValues,
  EMPTY_ACTIVITY_FORM,
  withChoiceMessages,
} from '../../src/catalog/lib/activity-form';
import { actionError } from '../../src/shared/lib/errors';
import { blockRange } from '../../src/shared/lib/format';
import { validate } from '../../src/shared/lib/validation';

const activity: ActivityView = {
  id: 4,
  title: 'Judo',
  capacity: 12,
  weekday: 3,
  startTime: '15:30',
  schoolId: 1,
  blockId: 2,
  providerId: 3,
  isLocked: false,
  isHidden: true,
  school: { id: 1, name: 'De Regenboog' },
  block: {
    id: 2,
    name: 'Blok 1',
    weekStart: 10,
    weekEnd: 15,
    signupOpensAt: null,
    signupClosesAt: null,
    allocation: 'fcfs',
    seedHash: null,
    seed: null,
    drawPublishedAt: null,
  },
  provider: { id: 3, name: 'Sportclub' },
  approvedCount: 5,
  offeredCount: 0,
  waitlistCount: 0,
  registrationsCount: 7,
  availablePlaces: 7,
  week: 10,
  weeks: [10, 11, 12, 13, 14, 15],
};

describe('activity form (validated with activitySchema)', () => {
  it('round-trips an activity', () => {
    const result = validate(activitySchema, activityFormInput(activityFormValues(activity)), 'nl');
    expect(result).toEqual({
      ok: true,
      data: {
        title: 'Judo',
        capacity: 12,
        weekday: 3,
        startTime: '15:30',
        schoolId: 1,
        blockId: 2,
        providerId: 3,
        isLocked: false,
        isHidden: true,
      },
    });
  });

  it('never turns an empty weekday into Sunday', () => {
    const values = { ...activityFormValues(activity), weekday: '' };
    const result = validate(activitySchema, activityFormInput(values), 'nl');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.weekday).toBeDefined();
  });

  it('asks to choose for empty selects, in the R-CATALOG-VALIDATION messages otherwise', () => {
    const result = validate(activitySchema, activityFormInput(EMPTY_ACTIVITY_FORM), 'en');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const errors = withChoiceMessages(result.errors, EMPTY_ACTIVITY_FORM, (f) => `choose ${f}`);
    expect(errors).toEqual({
      title: 'Activity title is required',
      schoolId: 'choose schoolId',
      blockId: 'choose blockId',
      providerId: 'choose providerId',
      weekday: 'choose weekday',
      startTime: 'Start time must be in HH:MM format',
      capacity: 'Capacity must be at least 1',
    });
  });

  it('refuses capacity 0', () => {
    const values = { ...activityFormValues(activity), capacity: '0' };
    const result = validate(activitySchema, activityFormInput(values), 'nl');
    expect(result).toEqual({
      ok: false,
      errors: { capacity: 'Capaciteit moet minimaal 1 zijn' },
    });
  });
});

describe('block form', () => {
  it('refuses an end week before the start week (a block over the new year is two blocks)', () => {
    const result = validate(blockSchema, { name: 'Winter', weekStart: 50, weekEnd: 3 }, 'en');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.weekEnd).toMatch(/two blocks/);
  });
});

describe('blockRange (R-CAL-RANGE: Monday of the first week to Friday of the last)', () => {
  it('formats the range in the UI language', () => {
    expect(blockRange(2026, 10, 15, 'nl')).toEqual({ start: 'ma 2 mrt', end: 'vr 10 apr' });
    expect(blockRange(2026, 10, 15, 'en')).toEqual({ start: 'Mon 2 Mar', end: 'Fri 10 Apr' });
  });

  it('is null for week 53 in a year of 52 weeks', () => {
    expect(blockRange(2026, 53, 53, 'nl')).not.toBeNull(); // 2026 has 53 ISO weeks
    expect(blockRange(2027, 50, 53, 'nl')).toBeNull();
  });
});

describe('actionError (R-ADMIN-ERRORS)', () => {
  it("shows the server's specific message, such as a delete conflict", () => {
    const conflict = new ApiError('x', 409, {
      message:
        'Deze school kan niet worden verwijderd: er zijn nog activiteiten gekoppeld aan deze school.',
      code: 'CONFLICT',
    });
    expect(actionError(conflict, 'fallback')).toMatch(/activiteiten gekoppeld/);
  });

  it("uses the screen's text for a generic validation failure or no answer", () => {
    const invalid = new ApiError('x', 400, {
      message: 'De invoer is ongeldig.',
      code: 'VALIDATION_FAILED',
      fields: { name: 'Schoolnaam is verplicht' },
    });
    const fallback = 'Er ging iets mis bij het toevoegen van de school.';
    expect(actionError(invalid, fallback)).toBe(fallback);
    expect(actionError(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
  });
});
