import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emailInTextPattern, jsonHoldsEmail, privacySubjectHash } from '../src/privacy.js';

const SECRET = 'x'.repeat(32);

describe('matching an address for export and erasure (R-PRIVACY-MATCH, R-PRIVACY-AUDIT)', () => {
  it('finds the address as a whole string value at any depth, never as a part of one', () => {
    const event = {
      data: { registrationId: 3, notification: { to: ' Ann@Example.nl ', childName: 'Anna' } },
    };
    expect(jsonHoldsEmail(event, 'ann@example.nl')).toBe(true);
    expect(jsonHoldsEmail(JSON.stringify(event), ' ANN@example.NL')).toBe(true);
    expect(jsonHoldsEmail({ list: [{ email: 'ann@example.nl' }] }, 'ann@example.nl')).toBe(true);
    for (const other of ['joann@example.nl', 'xann@example.nl', 'ann@example.nl.evil'])
      expect(jsonHoldsEmail({ data: { notification: { to: other } } }, 'ann@example.nl')).toBe(
        false,
      );
    expect(jsonHoldsEmail({ reason: 'mail to ann@example.nl bounced' }, 'ann@example.nl')).toBe(
      false,
    );
    expect(jsonHoldsEmail('not json ann@example.nl', 'ann@example.nl')).toBe(false);
    expect(jsonHoldsEmail({ to: '' }, '  ')).toBe(false);
  });

  it('finds the address in free text only where it stands whole', () => {
    // The pattern is for PostgreSQL's ~*; for this one JavaScript reads it the same way.
    const re = new RegExp(emailInTextPattern('Ann.X@example.nl'), 'i');
    for (const t of [
      '<ann.x@example.nl>: rejected',
      'Rejected: ANN.X@example.nl.',
      'ann.x@example.nl',
    ])
      expect(re.test(t), t).toBe(true);
    for (const t of [
      '<joann.x@example.nl>',
      'xann.x@example.nl',
      'ann.x@example.nl.evil',
      'ann.x@example.nlx',
      'annaxx@example.nl',
      'ann.x@exampleXnl',
    ])
      expect(re.test(t), t).toBe(false);
  });

  it('names a subject by a keyed hash of the normalised address, with a key of its own', () => {
    const hash = privacySubjectHash(SECRET, 'ann@example.nl');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(privacySubjectHash(SECRET, ' Ann@Example.NL ')).toBe(hash);
    expect(privacySubjectHash(SECRET, 'joann@example.nl')).not.toBe(hash);
    expect(privacySubjectHash('y'.repeat(32), 'ann@example.nl')).not.toBe(hash);
    // Not the HMAC under the secret itself (what svc-identity stores of login failures).
    expect(hash).not.toBe(createHmac('sha256', SECRET).update('ann@example.nl').digest('hex'));
  });
});
