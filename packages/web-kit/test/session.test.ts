import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/http';
import { expiredSession } from '../src/query-client';
import { fetchSession, sessionUserFrom } from '../src/session';

const anna = {
  id: 1,
  email: 'anna@example.nl',
  name: 'Anna',
  role: 'admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
};

describe('session user (R-WEB-SESSION)', () => {
  it('is taken from the user property of the response', () => {
    expect(sessionUserFrom({ user: anna })).toEqual(anna);
  });

  it('or from the response itself', () => {
    expect(sessionUserFrom(anna)).toEqual(anna);
  });

  it('is nobody for anything without a role', () => {
    expect(sessionUserFrom({ user: null })).toBeNull();
    expect(sessionUserFrom({ success: true })).toBeNull();
    expect(sessionUserFrom('')).toBeNull();
    expect(sessionUserFrom(undefined)).toBeNull();
  });
});

describe('fetchSession (R-WEB-SESSION)', () => {
  vi.spyOn(console, 'debug').mockImplementation(() => {});

  it('treats 401 and network failures as no user', async () => {
    const unauthorised = vi.fn<typeof fetch>(async () => new Response('{}', { status: 401 }));
    vi.stubGlobal('fetch', unauthorised);
    await expect(fetchSession()).resolves.toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(fetchSession()).resolves.toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ user: anna }))),
    );
    await expect(fetchSession()).resolves.toEqual(anna);
    vi.unstubAllGlobals();
  });
});

describe('expired sessions', () => {
  const unauthorised = new ApiError('U bent niet ingelogd.', 401, { code: 'UNAUTHENTICATED' });

  it('forget the session when a data call answers 401', () => {
    expect(expiredSession(unauthorised, ['admin', 'users'])).toBe(true);
    expect(expiredSession(unauthorised, undefined)).toBe(true);
  });

  it("recognise another bundle's ApiError by its status", () => {
    const foreign = Object.assign(new Error('x'), { name: 'ApiError', status: 401, body: null });
    expect(expiredSession(foreign, ['admin', 'users'])).toBe(true);
  });

  it('leave it alone for other errors and for the auth calls themselves', () => {
    expect(expiredSession(new ApiError('Geen toegang.', 403, null), ['admin', 'users'])).toBe(
      false,
    );
    expect(expiredSession(new TypeError('Failed to fetch'), ['admin', 'users'])).toBe(false);
    expect(expiredSession(unauthorised, ['auth', 'login'])).toBe(false);
  });
});
