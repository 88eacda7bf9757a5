// R-MY-SIGNUP-LINK-EXPIRY: a parent's link works through January after its block's year, in
// Amsterdam's days, and not from 1 February.
import { describe, expect, it } from 'vitest';
import { linkExpired } from '../src/domain/my-signup.js';

describe('linkExpired (R-MY-SIGNUP-LINK-EXPIRY)', () => {
  it('keeps a link through the block year and January after it', () => {
    expect(linkExpired(2026, new Date('2026-01-01T00:00:00Z'))).toBe(false);
    expect(linkExpired(2026, new Date('2026-12-31T12:00:00Z'))).toBe(false);
    expect(linkExpired(2026, new Date('2027-01-31T12:00:00Z'))).toBe(false);
  });

  it('ends it at midnight in Amsterdam as 1 February begins, not at midnight UTC', () => {
    // 22:59 UTC on 31 January is 23:59 in Amsterdam (winter time): still January there.
    expect(linkExpired(2026, new Date('2027-01-31T22:59:00Z'))).toBe(false);
    // 23:00 UTC is midnight in Amsterdam: 1 February.
    expect(linkExpired(2026, new Date('2027-01-31T23:00:00Z'))).toBe(true);
    expect(linkExpired(2026, new Date('2028-06-01T12:00:00Z'))).toBe(true);
  });
});
