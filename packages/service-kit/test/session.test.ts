// Sessions read a sealed cookie; a cookie seen before skips the unsealing but none of the
// checks that depend on time or on revocation.
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { Revocations } from '../src/revocations.js';
import { Sessions } from '../src/session.js';
import { TEST_SESSION_SECRET, testSessionCookie } from '../src/testing/index.js';

const HOUR = 3_600_000;

function sessions(revocations: Pick<Revocations, 'isRevoked'> = new Revocations()) {
  return new Sessions({
    secret: TEST_SESSION_SECRET,
    idleMs: HOUR,
    absoluteMs: 12 * HOUR,
    secure: false,
    revocations,
  });
}
const request = (cookie: string) => ({ headers: { cookie } }) as Request;

describe('Sessions.read', () => {
  it('reads the same cookie again, and still applies the idle timeout to it', async () => {
    const s = sessions();
    const cookie = await testSessionCookie({ uid: 7, role: 'admin' });
    expect(await s.read(request(cookie))).toMatchObject({ uid: 7, role: 'admin' });
    expect(await s.read(request(cookie))).toMatchObject({ uid: 7, role: 'admin' });
    expect(await s.read(request(cookie), Date.now() + 2 * HOUR)).toBeUndefined();
  });

  it('refuses a cookie altered by one character, before and after the real one was read', async () => {
    const s = sessions();
    const cookie = await testSessionCookie({ uid: 8, role: 'provider' });
    const i = cookie.length - 5;
    const altered = cookie.slice(0, i) + (cookie[i] === 'A' ? 'B' : 'A') + cookie.slice(i + 1);
    expect(await s.read(request(altered))).toBeUndefined();
    expect(await s.read(request(cookie))).toMatchObject({ uid: 8 });
    expect(await s.read(request(altered))).toBeUndefined();
  });

  it('refuses a cookie it has read before once its user is revoked', async () => {
    const revoked = new Set<number>();
    const s = sessions({ isRevoked: (uid: number) => revoked.has(uid) });
    const cookie = await testSessionCookie({ uid: 9, role: 'admin' });
    expect(await s.read(request(cookie))).toMatchObject({ uid: 9 });
    revoked.add(9);
    expect(await s.read(request(cookie))).toBeUndefined();
  });
});
