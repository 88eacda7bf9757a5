import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, SubmitKey, randomKey } from '../src/lib/submit-key';

describe('one Idempotency-Key per submit (R-IDEMPOTENCY)', () => {
  it('reuses the key when the same request is sent again', () => {
    const keys = new SubmitKey();
    const body = { activityId: 3, childFirstName: 'Ann' };
    const first = keys.for(body);
    expect(keys.for({ ...body })).toBe(first);
  });

  it('gives a new key for an edited request, and after a submit that succeeded', () => {
    const keys = new SubmitKey();
    const first = keys.for({ activityId: 3, childFirstName: 'Ann' });
    const edited = keys.for({ activityId: 3, childFirstName: 'Anne' });
    expect(edited).not.toBe(first);
    keys.done();
    expect(keys.for({ activityId: 3, childFirstName: 'Anne' })).not.toBe(edited);
  });

  it('sends keys the server accepts: 1 to 255 visible ASCII characters, each one new', () => {
    const a = randomKey();
    expect(a).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(randomKey()).not.toBe(a);
    expect(IDEMPOTENCY_HEADER).toBe('Idempotency-Key');
  });
});
