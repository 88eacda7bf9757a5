import { Router, type Express, type Request, type Response } from 'express';
import {
  newOrganisationSchema,
  organisationPatchSchema,
  platformAuditQuery,
  platformLoginSchema,
  type PlatformSession,
} from '@nsa/contracts';
import {
  AppError,
  idParam,
  parseCookieHeader,
  parseOrThrow,
  PLATFORM_SESSION_COOKIE,
  serializeCookie,
} from '@nsa/service-kit';
import {
  PLATFORM_SESSION_MS,
  type Platform,
  type PlatformAccounts,
} from '../../domain/platform.js';

const COOKIE_PATH = '/api/platform';

declare module 'express-serve-static-core' {
  interface Request {
    platformSession?: PlatformSession;
  }
}

/**
 * R-PLATFORM-*: `/api/platform/*`, the platform administrators' calls. Their
 * session is their own cookie, never an organisation's session; no organisation's request
 * context applies here (the kit leaves `/api/platform/` out of it).
 */
export function mountPlatformRoutes(
  app: Express,
  deps: { accounts: PlatformAccounts; platform: Platform; secureCookies: boolean },
): void {
  const { accounts, platform } = deps;
  const token = (req: Request) =>
    parseCookieHeader(req.headers.cookie ?? '')[PLATFORM_SESSION_COOKIE];
  const setCookie = (res: Response, value: string, maxAgeMs: number) =>
    res.append(
      'Set-Cookie',
      serializeCookie(PLATFORM_SESSION_COOKIE, value, {
        httpOnly: true,
        sameSite: 'strict',
        secure: deps.secureCookies,
        path: COOKIE_PATH,
        maxAge: Math.floor(maxAgeMs / 1000),
      }),
    );

  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.post('/login', async (req, res) => {
    const input = parseOrThrow(platformLoginSchema, req.body);
    const { token: t, session } = await accounts.login(input, req.ip ?? 'unknown');
    setCookie(res, t, PLATFORM_SESSION_MS);
    res.json(session);
  });
  router.post('/logout', async (req, res) => {
    await accounts.logout(token(req));
    setCookie(res, '', 0);
    res.status(204).end();
  });
  // Everything below needs a platform session.
  router.use(async (req, _res, next) => {
    const session = await accounts.session(token(req));
    if (!session) return next(AppError.unauthenticated());
    req.platformSession = session;
    next();
  });
  router.get('/session', (req, res) => {
    res.json(req.platformSession);
  });
  router.get('/organisations', async (_req, res) => {
    res.json(await platform.list());
  });
  /** The administrator of the request's session, as the platform's log names them. */
  const actor = (req: Request) => {
    const { id, name } = req.platformSession!.admin;
    return { id, name };
  };
  router.post('/organisations', async (req, res) => {
    const input = parseOrThrow(newOrganisationSchema, req.body);
    res.status(201).json(await platform.create(input, actor(req)));
  });
  router.patch('/organisations/:id', async (req, res) => {
    const id = idParam(req);
    const patch = parseOrThrow(organisationPatchSchema, req.body);
    res.json(await platform.change(id, patch, actor(req)));
  });
  router.delete('/organisations/:id', async (req, res) => {
    await platform.remove(idParam(req), actor(req));
    res.status(204).end();
  });
  router.get('/audit', async (req, res) => {
    const { before } = parseOrThrow(platformAuditQuery, req.query);
    res.json(await platform.log(before));
  });
  app.use(COOKIE_PATH, router);
}
