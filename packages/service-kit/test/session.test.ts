// Sessions read a sealed cookie; a cookie seen before skips the unsealing but none of the
// checks that depend on time, and its owner is asked about it every time (R-FRESH-SESSION).
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import type { SessionOwnerAnswer } from '@nsa/contracts';
import { AppError } from '../src/errors.js';
import { Sessions, requireRole, sessionIdHash, type SessionAuthority } from '../src/session.js';
import { TEST_SESSION_SECRET, testSessionCookie } from '../src/testing/index.js';
import { sealData, unsealData } from 'iron-session';

const HOUR = 3_600_000;
const MINUTE = 60_000;

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
  // R-SEC-SESSION-COOKIE: a session ends after the idle timeout without a request.
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

describe('Sessions.middleware', () => {
  /** Runs the middleware for one call; answers its session and the cookie it set, if any. */
  async function call(s: Sessions, cookie: string) {
    const req = request(cookie);
    const set: string[] = [];
    const res = { append: (_name: string, value: string) => set.push(value) };
    await new Promise<void>((resolve, reject) =>
      s.middleware()(req, res as never, (err?: unknown) =>
        err ? reject(err as Error) : resolve(),
      ),
    );
    return { session: req.sessionUser, setCookie: set[0] };
  }
  const sealedValue = (setCookie: string) =>
    setCookie.slice(setCookie.indexOf('=') + 1).split(';')[0]!;
  /** The cookie of an admin's session made 5 minutes ago and last seen 2 minutes ago. */
  const lastSeenTwoMinutesAgo = (uid: number, name: string, now: number) =>
    sealData(
      {
        sid: `sid-${uid}`,
        uid,
        role: 'admin',
        name,
        email: 'e@x.nl',
        iat: now - 5 * MINUTE,
        seen: now - 2 * MINUTE,
      },
      { password: TEST_SESSION_SECRET, ttl: 12 * 3600 },
    );

  it('re-seals a cookie last seen over a minute ago once for a burst of calls, asking the owner for each', async () => {
    let asked = 0;
    const s = sessions(
      owner(() => {
        asked += 1;
        return { uid: 13, role: 'admin', name: 'N', email: 'e@x.nl' };
      }),
    );
    const now = Date.now();
    const old = await lastSeenTwoMinutesAgo(13, 'N', now);
    const burst = await Promise.all(Array.from({ length: 5 }, () => call(s, `nsa_session=${old}`)));
    expect(asked).toBe(5);
    const cookies = new Set(burst.map((b) => sealedValue(b.setCookie!)));
    expect(cookies.size).toBe(1);
    for (const b of burst) expect(b.session).toMatchObject({ uid: 13, seen: now - 2 * MINUTE });
    const fresh = await unsealData<{ seen: number; uid: number }>([...cookies][0]!, {
      password: TEST_SESSION_SECRET,
    });
    expect(fresh.uid).toBe(13);
    expect(fresh.seen).toBeGreaterThanOrEqual(now);
    // The new cookie needs no refresh; the old one, a call later, gets the same new cookie.
    expect((await call(s, `nsa_session=${[...cookies][0]}`)).setCookie).toBeUndefined();
    expect(sealedValue((await call(s, `nsa_session=${old}`)).setCookie!)).toBe([...cookies][0]);
  });

  it('re-seals again once the user data the owner answers has changed', async () => {
    let name = 'Before';
    const s = sessions(owner(() => ({ uid: 14, role: 'admin', name, email: 'e@x.nl' })));
    const now = Date.now();
    const old = await lastSeenTwoMinutesAgo(14, 'Before', now);
    const first = sealedValue((await call(s, `nsa_session=${old}`)).setCookie!);
    name = 'After';
    const second = sealedValue((await call(s, `nsa_session=${old}`)).setCookie!);
    expect(second).not.toBe(first);
    expect(
      (await unsealData<{ name: string }>(second, { password: TEST_SESSION_SECRET })).name,
    ).toBe('After');
  });
});

describe('Sessions with a rotated secret (SESSION_SECRET_PREVIOUS)', () => {
  const OLD = 'the-session-secret-before-the-rotation-0123456789';
  const NEW = 'the-session-secret-after-the-rotation-9876543210ab';
  const user = { sid: 'rotated-session', uid: 11, role: 'admin' as const, name: 'N', email: 'e' };
  const make = (secret: string, previousSecret?: string) =>
    new Sessions({
      secret,
      previousSecret,
      idleMs: HOUR,
      absoluteMs: 12 * HOUR,
      secure: false,
      authority: anyone(11),
    });
  /** The cookie `issue` sets, as a browser sends it back. */
  async function issued(s: Sessions): Promise<string> {
    const headers: string[] = [];
    const res = {
      append: (_: string, value: string) => headers.push(value),
    } as unknown as Parameters<Sessions['issue']>[0];
    await s.issue(res, user);
    return headers[0]!.split(';')[0]!;
  }

  it('reads cookies sealed under the previous secret and seals new ones under the new', async () => {
    const before = await issued(make(OLD));
    const rotating = make(NEW, OLD);
    expect(await rotating.read(request(before))).toMatchObject({ uid: 11 });
    const during = await issued(rotating);
    // Sealed under the new secret: the old one no longer opens it.
    expect(await make(OLD).read(request(during))).toBeUndefined();
    expect(await make(NEW).read(request(during))).toMatchObject({ uid: 11 });
  });

  it('after the rotation, reads what was sealed during it and refuses what the old secret sealed', async () => {
    const before = await issued(make(OLD));
    const during = await issued(make(NEW, OLD));
    const after = make(NEW);
    expect(await after.read(request(during))).toMatchObject({ uid: 11 });
    expect(await after.read(request(before))).toBeUndefined();
    // Without a rotation, cookies are sealed as every release before sealed them.
    expect(await make(OLD).read(request(await issued(make(OLD))))).toMatchObject({ uid: 11 });
  });
});
