// Sessions read a sealed cookie; a cookie seen before skips the unsealing but none of the
// checks that depend on time, and its owner is asked about it every time (R-FRESH-SESSION).
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import type { SessionOwnerAnswer } from '@nsa/contracts';
import { AppError } from '../src/errors.js';
import { Sessions, requireRole, sessionIdHash, type SessionAuthority } from '../src/session.js';
import { TEST_SESSION_SECRET, testSessionCookie } from '../src/testing/index.js';
import { unsealData } from 'iron-session';

const HOUR = 3_600_000;

/** An owner that knows every session unless told otherwise. */
function owner(answer: (sidHash: string) => SessionOwnerAnswer | null = () => null) {
  return { lookup: async (h: string) => answer(h) } satisfies SessionAuthority;
}
const anyone = (uid: number, role: 'admin' | 'provider' = 'admin') =>
  owner(() => ({ uid, role, name: 'N', email: 'e@x.nl' }));

function sessions(authority: SessionAuthority) {
  return new Sessions({
    secret: TEST_SESSION_SECRET,
    idleMs: HOUR,
    absoluteMs: 12 * HOUR,
    secure: false,
    authority,
  });
}
const request = (cookie: string) => ({ headers: { cookie } }) as Request;
const sidOf = async (cookie: string) =>
  (
    await unsealData<{ sid: string }>(cookie.slice(cookie.indexOf('=') + 1), {
      password: TEST_SESSION_SECRET,
    })
  ).sid;

describe('Sessions.read', () => {
  it('reads the same cookie again, and still applies the idle timeout to it', async () => {
    const s = sessions(anyone(7));
    const cookie = await testSessionCookie({ uid: 7, role: 'admin' });
    expect(await s.read(request(cookie))).toMatchObject({ uid: 7, role: 'admin' });
    expect(await s.read(request(cookie))).toMatchObject({ uid: 7, role: 'admin' });
    expect(await s.read(request(cookie), Date.now() + 2 * HOUR)).toBeUndefined();
  });

  it('refuses a cookie altered by one character, before and after the real one was read', async () => {
    const s = sessions(anyone(8, 'provider'));
    const cookie = await testSessionCookie({ uid: 8, role: 'provider' });
    const i = cookie.length - 5;
    const altered = cookie.slice(0, i) + (cookie[i] === 'A' ? 'B' : 'A') + cookie.slice(i + 1);
    expect(await s.read(request(altered))).toBeUndefined();
    expect(await s.read(request(cookie))).toMatchObject({ uid: 8 });
    expect(await s.read(request(altered))).toBeUndefined();
  });

  it('refuses a cookie it has read before once its owner has ended the session', async () => {
    const ended = new Set<string>();
    const s = sessions(
      owner((h) => (ended.has(h) ? null : { uid: 9, role: 'admin', name: 'N', email: 'e' })),
    );
    const cookie = await testSessionCookie({ uid: 9, role: 'admin' });
    expect(await s.read(request(cookie))).toMatchObject({ uid: 9 });
    ended.add(sessionIdHash(await sidOf(cookie)));
    expect(await s.read(request(cookie))).toBeUndefined();
  });

  it("takes the owner's current role, and refuses a session the owner gives another user", async () => {
    const cookie = await testSessionCookie({ uid: 10, role: 'admin' });
    expect(await sessions(anyone(10, 'provider')).read(request(cookie))).toMatchObject({
      uid: 10,
      role: 'provider',
    });
    expect(await sessions(anyone(11)).read(request(cookie))).toBeUndefined();
  });

  it('answers 503 from requireRole, not 401, while the owner cannot be asked', async () => {
    const s = sessions({
      lookup: () => Promise.reject(new AppError('SERVICE_UNAVAILABLE', 503)),
    });
    const req = request(await testSessionCookie({ uid: 12, role: 'admin' }));
    await new Promise<void>((resolve, reject) =>
      s.middleware()(req, { append: () => undefined } as never, (err?: unknown) =>
        err ? reject(err as Error) : resolve(),
      ),
    );
    expect(req.sessionUser).toBeUndefined();
    const passed = await new Promise<unknown>((resolve) =>
      requireRole('admin')(req, {} as never, resolve),
    );
    expect(passed).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    const anonymous = await new Promise<unknown>((resolve) =>
      requireRole('admin')(request(''), {} as never, resolve),
    );
    expect(anonymous).toMatchObject({ status: 401 });
  });
});
