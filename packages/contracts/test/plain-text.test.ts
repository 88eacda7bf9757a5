// Names and titles with a control character are refused by the shared schemas, so CR/LF never
// reach the text part of an email.
import { describe, expect, it } from 'vitest';
import { adminUserSchema } from '../src/auth.js';
import { activitySchema, blockSchema, schoolSchema, providerSchema } from '../src/catalog.js';
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

// R-NAMES-INVISIBLE: the shared schemas of every name, title and free text refuse invisible and
// bidirectional characters with their own message, and take the joiners inside a word.
describe('invisible and bidirectional characters in names and titles', () => {
  const INVISIBLE = ['Jan\u202eseiV', '\u2066Jan\u2069', 'Ja\u200bn', 'Ja\u00adn', 'Jan\u200f'];
  it.each(INVISIBLE)('school, provider, block, activity and admin names refuse %j', (bad) => {
    const messages = (r: { error?: { issues: { message: string }[] } }) =>
      r.error?.issues.map((i) => i.message);
    expect(messages(schoolSchema.safeParse({ name: bad }))).toEqual(['invisibleCharacters']);
    expect(messages(providerSchema.safeParse({ name: bad }))).toEqual(['invisibleCharacters']);
    expect(messages(activitySchema.shape.title.safeParse(bad))).toEqual(['invisibleCharacters']);
    expect(
      messages(blockSchema.safeParse({ name: bad, weekStart: 1, weekEnd: 2, year: 2030 })),
    ).toEqual(['invisibleCharacters']);
    expect(messages(adminUserSchema.safeParse({ name: bad, email: 'jan@example.nl' }))).toEqual([
      'invisibleCharacters',
    ]);
  });
  it('takes a zero-width non-joiner inside a word', () => {
    expect(schoolSchema.safeParse({ name: 'می\u200cخواهم' }).success).toBe(true);
  });
});
