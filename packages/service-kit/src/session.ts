import type { Request, RequestHandler, Response } from 'express';
import { createHash } from 'node:crypto';
import { parse as parseCookies, serialize } from 'cookie';
import { sealData, unsealData } from 'iron-session';
import { AppError } from './errors.js';
import type { Revocations } from './revocations.js';

export const SESSION_COOKIE = 'nsa_session';
export type Role = 'admin' | 'provider';

/** What the sealed cookie holds: who, and the two clocks of its lifetime. */
export interface SessionUser {
  uid: number;
  role: Role;
  name: string;
  /** Kept so that other services can record who acted (approved by, rejected by). */
  email: string;
  /** Issued at (ms): the absolute lifetime and revocation count from here. */
  iat: number;
  /** Last seen (ms): the idle timeout counts from here. */
  seen: number;
}

declare module 'express-serve-static-core' {
  interface Request {
    sessionUser?: SessionUser;
  }
}

export interface SessionOptions {
  secret: string;
  idleMs: number;
  absoluteMs: number;
  secure: boolean;
  revocations: Pick<Revocations, 'isRevoked'>;
}

/** Re-seal at most this often, so a busy page does not re-encrypt on every call. */
const REFRESH_AFTER_MS = 60_000;
/** Unsealed cookies kept in memory (a few hundred bytes each). */
const UNSEALED_MAX = 1000;

/**
 * Iron-sealed cookie sessions, read by every service with the shared secret,
 * with an idle timeout, an absolute lifetime and revocation per user.
 */
export class Sessions {
  /**
   * Cookies already unsealed, by their SHA-256 (not the cookie itself): a page's calls and an
   * admin's burst of approvals carry the same cookie, and unsealing costs key derivations and
   * a decryption each time. Every other check still runs on each request.
   */
  private readonly unsealed = new Map<string, Promise<Partial<SessionUser>>>();

  constructor(private readonly opts: SessionOptions) {}

  /** Calls that arrive together with one new cookie share one unsealing. */
  private unseal(raw: string): Promise<Partial<SessionUser>> {
    const key = createHash('sha256').update(raw).digest('base64');
    const known = this.unsealed.get(key);
    if (known) return known;
    const data = unsealData<Partial<SessionUser>>(raw, {
      password: this.opts.secret,
      ttl: Math.ceil(this.opts.absoluteMs / 1000),
    });
    // The oldest entry makes room; a cookie that does not unseal to a session is not kept.
    if (this.unsealed.size >= UNSEALED_MAX) {
      this.unsealed.delete(this.unsealed.keys().next().value!);
    }
    this.unsealed.set(key, data);
    data.then(
      (d) => {
        if (typeof d.uid !== 'number') this.unsealed.delete(key);
      },
      () => this.unsealed.delete(key),
    );
    return data;
  }

  async read(req: Request, now = Date.now()): Promise<SessionUser | undefined> {
    const raw = parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE];
    if (!raw) return undefined;
    let data: Partial<SessionUser>;
    try {
      data = await this.unseal(raw);
    } catch {
      return undefined;
    }
    const { uid, role, name, email, iat, seen } = data;
    if (typeof uid !== 'number' || typeof iat !== 'number' || typeof seen !== 'number')
      return undefined;
    if (role !== 'admin' && role !== 'provider') return undefined;
    if (now - iat > this.opts.absoluteMs || now - seen > this.opts.idleMs) return undefined;
    if (this.opts.revocations.isRevoked(uid, iat)) return undefined;
    return { uid, role, name: name ?? '', email: email ?? '', iat, seen };
  }

  /** A fresh session on every login. */
  async issue(
    res: Response,
    user: { uid: number; role: Role; name: string; email: string },
    now = Date.now(),
  ): Promise<SessionUser> {
    const session: SessionUser = { ...user, iat: now, seen: now };
    await this.write(res, session);
    return session;
  }

  clear(res: Response): void {
    res.append('Set-Cookie', serialize(SESSION_COOKIE, '', { ...this.cookieOptions(), maxAge: 0 }));
  }

  /** Reads the session into `req.sessionUser` and slides the idle timeout. */
  middleware(): RequestHandler {
    return async (req, res, next) => {
      try {
        const now = Date.now();
        const session = await this.read(req, now);
        if (session) {
          req.sessionUser = session;
          if (now - session.seen > REFRESH_AFTER_MS)
            await this.write(res, { ...session, seen: now });
        }
        next();
      } catch (err) {
        next(err);
      }
    };
  }

  private async write(res: Response, session: SessionUser): Promise<void> {
    const sealed = await sealData(session, {
      password: this.opts.secret,
      ttl: Math.ceil(this.opts.absoluteMs / 1000),
    });
    const remaining = Math.max(0, session.iat + this.opts.absoluteMs - Date.now());
    res.append(
      'Set-Cookie',
      serialize(SESSION_COOKIE, sealed, {
        ...this.cookieOptions(),
        maxAge: Math.floor(remaining / 1000),
      }),
    );
  }

  private cookieOptions() {
    return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: this.opts.secure };
  }
}

/** 401 without a session, 403 for a session whose role is not allowed. */
export function requireRole(...roles: Role[]): RequestHandler {
  const allowed = roles.length ? roles : (['admin'] as Role[]);
  return (req, _res, next) => {
    if (!req.sessionUser) return next(AppError.unauthenticated());
    if (!allowed.includes(req.sessionUser.role)) return next(AppError.forbidden());
    next();
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses a state-changing request whose Origin is neither the product's
 * public origin nor the origin the request was addressed to.
 */
export function csrfOriginCheck(publicBaseUrl: string): RequestHandler {
  const publicOrigin = new URL(publicBaseUrl).origin;
  return (req, _res, next) => {
    const origin = req.headers.origin;
    if (!STATE_CHANGING.has(req.method) || origin === undefined) return next();
    const host = req.headers['x-forwarded-host'] ?? req.headers.host;
    const proto = req.headers['x-forwarded-proto'] ?? 'http';
    const own = host ? `${String(proto).split(',')[0]}://${String(host).split(',')[0]}` : undefined;
    if (origin === publicOrigin || origin === own) return next();
    next(AppError.forbidden(undefined, 'CSRF_REJECTED'));
  };
}
