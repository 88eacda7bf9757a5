import type { Request, RequestHandler, Response } from 'express';
import { createHash, randomBytes } from 'node:crypto';
import { parse as parseCookies, serialize } from 'cookie';
import { sealData, unsealData } from 'iron-session';
import type { SessionOwnerAnswer } from '@nsa/contracts';
import { AppError } from './errors.js';

export const SESSION_COOKIE = 'nsa_session';
/** The platform administrators' session cookie (svc-identity): never an organisation's. */
export const PLATFORM_SESSION_COOKIE = 'nsa_platform';
export type Role = 'admin' | 'provider';

/** What the sealed cookie holds: who, and the two clocks of its lifetime. */
export interface SessionUser {
  /** The session's id; svc-identity keeps only its SHA-256 and ends a session by it. */
  sid: string;
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
    /** Why a cookie could not be checked (the owner unreachable): answered instead of 401. */
    sessionError?: AppError;
  }
}

export interface SessionOptions {
  secret: string;
  /**
   * SESSION_SECRET_PREVIOUS while a rotation runs: cookies sealed under it are still read;
   * every cookie sealed from now on uses `secret` (docs/operations.md, Secrets).
   */
  previousSecret?: string;
  idleMs: number;
  absoluteMs: number;
  secure: boolean;
  /** The owner of sessions (svc-identity), asked about every session on every request. */
  authority: SessionAuthority;
}

/**
 * Who decides whether a session still holds: svc-identity reads its table, every other service
 * asks it (R-FRESH-SESSION). `null`: ended (logout, reset, deleted or changed user) or unknown.
 * Throws 503 when it cannot tell.
 */
export interface SessionAuthority {
  lookup(sidHash: string): Promise<SessionOwnerAnswer | null>;
}

/** A new session id: 128 random bits. */
export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

export function sessionIdHash(sid: string): string {
  return createHash('sha256').update(sid).digest('hex');
}

/** Re-seal at most this often, so a busy page does not re-encrypt on every call. */
const REFRESH_AFTER_MS = 60_000;
/** Cookies kept in memory, unsealed and re-sealed, each (a few hundred bytes an entry). */
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
  /** The SHA-256 of an unsealed cookie's session id, made once per unsealed cookie. */
  private readonly sidHashes = new WeakMap<Partial<SessionUser>, string>();
  /**
   * The cookie each sent cookie was last re-sealed into, by the sent cookie's SHA-256: calls that
   * go on carrying the older cookie (a burst sent before the first answer came back) get that
   * same cookie again instead of a sealing each (key derivations and an encryption).
   */
  private readonly resealed = new Map<string, { sealed: Promise<string>; session: SessionUser }>();

  /**
   * Iron names the key a cookie was sealed with by a number and seals with the highest it is
   * given. Without a rotation cookies are sealed as key 1, as every release has sealed them;
   * during one, as key 2, while key 1 reads the cookies sealed under the previous secret. After
   * it, key 2 names the current secret too, so no cookie sealed during the rotation is lost.
   */
  private readonly sealPassword: Record<number, string>;
  private readonly unsealPassword: Record<number, string>;

  constructor(private readonly opts: SessionOptions) {
    const previous = opts.previousSecret;
    this.sealPassword = previous ? { 2: opts.secret } : { 1: opts.secret };
    this.unsealPassword = { 1: previous ?? opts.secret, 2: opts.secret };
  }

  /** Calls that arrive together with one new cookie share one unsealing. */
  private unseal(raw: string, key: string): Promise<Partial<SessionUser>> {
    const known = this.unsealed.get(key);
    if (known) return known;
    const data = unsealData<Partial<SessionUser>>(raw, {
      password: this.unsealPassword,
      ttl: Math.ceil(this.opts.absoluteMs / 1000),
    });
    // A cookie that does not unseal to a session is not kept.
    remember(this.unsealed, key, data);
    data.then(
      (d) => {
        if (typeof d.uid !== 'number') this.unsealed.delete(key);
      },
      () => this.unsealed.delete(key),
    );
    return data;
  }

  /**
   * The session of a request, if its cookie is sound, within both timeouts, and its owner still
   * knows it; the role, name and email are the owner's current ones. Throws 503 when the owner
   * cannot be asked.
   */
  async read(req: Request, now = Date.now()): Promise<SessionUser | undefined> {
    return (await this.readCookie(req, now))?.session;
  }

  /** The session of a request, with the SHA-256 of the cookie it came in. */
  private async readCookie(
    req: Request,
    now: number,
  ): Promise<{ session: SessionUser; key: string } | undefined> {
    const raw = parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE];
    if (!raw) return undefined;
    const key = createHash('sha256').update(raw).digest('base64');
    let data: Partial<SessionUser>;
    try {
      data = await this.unseal(raw, key);
    } catch {
      return undefined;
    }
    const { sid, uid, iat, seen } = data;
    if (typeof sid !== 'string' || typeof uid !== 'number') return undefined;
    if (typeof iat !== 'number' || typeof seen !== 'number') return undefined;
    if (now - iat > this.opts.absoluteMs || now - seen > this.opts.idleMs) return undefined;
    let sidHash = this.sidHashes.get(data);
    if (sidHash === undefined) this.sidHashes.set(data, (sidHash = sessionIdHash(sid)));
    // The owner is asked on every request: nothing here is reused from an earlier answer.
    const owner = await this.opts.authority.lookup(sidHash);
    if (!owner || owner.uid !== uid) return undefined;
    const session = { sid, uid, role: owner.role, name: owner.name, email: owner.email, iat, seen };
    return { session, key };
  }

  /** A fresh session on every login; the owner has recorded `sid` first. */
  async issue(
    res: Response,
    user: { sid: string; uid: number; role: Role; name: string; email: string },
    now = Date.now(),
  ): Promise<SessionUser> {
    const session: SessionUser = { ...user, iat: now, seen: now };
    await this.write(res, session);
    return session;
  }

  clear(res: Response): void {
    res.append('Set-Cookie', serialize(SESSION_COOKIE, '', { ...this.cookieOptions(), maxAge: 0 }));
  }

  /**
   * Reads the session into `req.sessionUser` and slides the idle timeout. When the owner cannot
   * be asked the request goes on without a session and `req.sessionError` says why, so public
   * calls still work and `requireRole` answers 503 rather than 401.
   */
  middleware(): RequestHandler {
    return async (req, res, next) => {
      try {
        const now = Date.now();
        let found: { session: SessionUser; key: string } | undefined;
        try {
          found = await this.readCookie(req, now);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          req.sessionError = err;
        }
        if (found) {
          const { session, key } = found;
          req.sessionUser = session;
          if (now - session.seen > REFRESH_AFTER_MS) await this.refresh(res, key, session, now);
        }
        next();
      } catch (err) {
        next(err);
      }
    };
  }

  /**
   * Slides the idle timeout: the cookie re-sealed with `seen` now, or the one this same cookie
   * was re-sealed into less than a minute ago for the same session and user data (its `seen` is
   * then that recent: the idle timeout counts from at most a minute earlier, as with a cookie
   * re-sealed once a minute).
   */
  private async refresh(res: Response, key: string, session: SessionUser, now: number) {
    let last = this.resealed.get(key);
    if (
      !last ||
      now - last.session.seen >= REFRESH_AFTER_MS ||
      !sameSession(last.session, session)
    ) {
      // Calls that arrive together with one cookie to re-seal share one sealing.
      const fresh = { ...session, seen: now };
      last = { sealed: this.seal(fresh), session: fresh };
      remember(this.resealed, key, last);
      const entry = last;
      entry.sealed.catch(() => {
        if (this.resealed.get(key) === entry) this.resealed.delete(key);
      });
    }
    this.setCookie(res, await last.sealed, last.session);
  }

  private async write(res: Response, session: SessionUser): Promise<void> {
    this.setCookie(res, await this.seal(session), session);
  }

  private seal(session: SessionUser): Promise<string> {
    return sealData(session, {
      password: this.sealPassword,
      ttl: Math.ceil(this.opts.absoluteMs / 1000),
    });
  }

  private setCookie(res: Response, sealed: string, session: SessionUser): void {
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

/** Keeps `value` under `key` as the newest entry; the oldest makes room past UNSEALED_MAX. */
function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  if (map.size >= UNSEALED_MAX) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/** The same session with the same user data (the owner's current role, name and email). */
function sameSession(a: SessionUser, b: SessionUser): boolean {
  return (
    a.sid === b.sid &&
    a.uid === b.uid &&
    a.iat === b.iat &&
    a.role === b.role &&
    a.name === b.name &&
    a.email === b.email
  );
}

/** 401 without a session, 403 for a session whose role is not allowed. */
export function requireRole(...roles: Role[]): RequestHandler {
  const allowed = roles.length ? roles : (['admin'] as Role[]);
  return (req, _res, next) => {
    if (!req.sessionUser) return next(req.sessionError ?? AppError.unauthenticated());
    if (!allowed.includes(req.sessionUser.role)) return next(AppError.forbidden());
    next();
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses a state-changing request whose Origin is neither the product's
 * public origin nor the origin the request was addressed to, and one marked
 * `Sec-Fetch-Site: cross-site` without an Origin that carries a session cookie.
 */
export function csrfOriginCheck(publicBaseUrl: string): RequestHandler {
  const publicOrigin = new URL(publicBaseUrl).origin;
  return (req, _res, next) => {
    const origin = req.headers.origin;
    if (!STATE_CHANGING.has(req.method)) return next();
    if (origin === undefined) {
      // A browser that names the request cross-site but sends no Origin must
      // not ride on the session cookie.
      const crossSite = req.headers['sec-fetch-site'] === 'cross-site';
      const hasSession = parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE] !== undefined;
      if (crossSite && hasSession) return next(AppError.forbidden(undefined, 'CSRF_REJECTED'));
      return next();
    }
    const host = req.headers['x-forwarded-host'] ?? req.headers.host;
    const proto = req.headers['x-forwarded-proto'] ?? 'http';
    const own = host ? `${String(proto).split(',')[0]}://${String(host).split(',')[0]}` : undefined;
    if (origin === publicOrigin || origin === own) return next();
    next(AppError.forbidden(undefined, 'CSRF_REJECTED'));
  };
}

/** A request's cookies, and a Set-Cookie value: for a service's own cookie beside the session. */
export { parseCookies as parseCookieHeader, serialize as serializeCookie };
