// Names and titles with a control character are refused by the shared schemas, so CR/LF never
// reach the text part of an email.
import { describe, expect, it } from 'vitest';
import { adminUserSchema } from '../src/auth.js';
import { activitySchema, schoolSchema, providerSchema } from '../src/catalog.js';
import { registrationSchema } from '../src/registration.js';

const BAD = ['a\rb', 'a\nBcc: x@y.nl', 'a\u0000b', 'a\tb', 'a\u007fb', 'a\u0085b', 'a\u009bb'];

describe('control characters in names and titles', () => {
  it.each(BAD)('school and provider names refuse %j', (bad) => {
    expect(schoolSchema.safeParse({ name: bad }).success).toBe(false);
    expect(providerSchema.safeParse({ name: bad }).success).toBe(false);
    expect(schoolSchema.safeParse({ name: 'De Regenboog – Noord' }).success).toBe(true);
  });
  it.each(BAD)('an admin name refuses %j with controlCharacters', (bad) => {
    const r = adminUserSchema.safeParse({ name: `Jan ${bad}`, email: 'jan@example.nl' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain('controlCharacters');
    expect(
      adminUserSchema.safeParse({ name: 'Jan de Vries', email: 'jan@example.nl' }).success,
    ).toBe(true);
  });
  it('child and parent names refuse a line feed', () => {
    const body = {
      activityId: 1,
      childFirstName: 'Sam',
      childLastName: 'Jansen',
      childDateOfBirth: '2016-05-01',
      childGroup: 'groep5',
      parentName: 'Anna Jansen',
      email: 'anna@example.nl',
      phone: '0612345678',
    };
    const today = () => new Date('2025-01-01T12:00:00Z');
    expect(registrationSchema(today).safeParse(body).success).toBe(true);
    expect(
      registrationSchema(today).safeParse({ ...body, parentName: 'Anna\r\nJansen' }).success,
    ).toBe(false);
    expect(
      registrationSchema(today).safeParse({ ...body, childFirstName: 'S\u0000am' }).success,
    ).toBe(false);
  });
  it('an activity title refuses a carriage return', () => {
    expect(activitySchema.shape.title.safeParse('Judo\rvoor iedereen').success).toBe(false);
    expect(activitySchema.shape.title.safeParse('Judo voor iedereen').success).toBe(true);
  });
});
