import { describe, expect, it } from 'vitest';
import { auditChanges, sessionActor } from '../src/audit.js';

describe('audit helpers (R-AUDIT, R-AUDIT-NO-SECRETS)', () => {
  it('gives before/after of changed fields and only the name of a changed personal field', () => {
    const before = { name: 'De Linde', capacity: 8, email: 'a@b.nl', note: null };
    const after = { name: 'De Eik', capacity: 8, email: 'c@d.nl', note: null };
    expect(auditChanges(before, after, ['name', 'capacity'], ['email', 'note'])).toEqual({
      name: { before: 'De Linde', after: 'De Eik' },
      email: { personal: true },
    });
  });

  it('takes a missing field and a null one for the same', () => {
    expect(
      auditChanges({}, { signupOpensAt: null, year: 2026 }, ['signupOpensAt', 'year']),
    ).toEqual({ year: { before: null, after: 2026 } });
  });

  it('names a logged-in user by id and name, never by email', () => {
    const actor = sessionActor({
      sid: 's',
      uid: 7,
      role: 'admin',
      name: 'Anna',
      email: 'anna@school.nl',
      iat: 0,
      seen: 0,
    });
    expect(actor).toEqual({ type: 'admin', id: '7', name: 'Anna' });
  });
});
