import { Router, type Express, type Response } from 'express';
import {
  adminUserSchema,
  loginSchema,
  requestResetSchema,
  resetSchema,
  totpDisableSchema,
  totpEnableSchema,
} from '@nsa/contracts';
import {
  AppError,
  parseOrThrow,
  requestLang,
  requireRole,
  type Sessions,
  idParam,
} from '@nsa/service-kit';
import type { Accounts } from '../../domain/accounts.js';
import { toPublic } from '../../domain/public-user.js';
import type { UserRow } from '../../domain/accounts.js';
import { MSG } from '../../domain/messages.js';
import type { TwoStepLogin } from '../../domain/two-step-login.js';

export interface IdentityRoutesDeps {
  /** The session cookies: issued at login, cleared at logout. */
  sessions: Sessions;
  accounts: Accounts;
  twoStep: TwoStepLogin;
}

export function mountRoutes(
  app: Express,
  { sessions, accounts, twoStep }: IdentityRoutesDeps,
): void {
  const auth = Router();

  const logIn = async (res: Response, user: UserRow) => {
    await sessions.issue(res, {
      sid: await accounts.startSession(user),
      uid: user.id,
      role: user.role,
      name: user.name,
      email: user.email,
    });
  };

  auth.post('/login', async (req, res) => {
    const input = parseOrThrow(loginSchema, req.body);
    const result = await accounts.login(input, req.ip ?? 'unknown');
    // R-TOTP: two-step login is required and not set up yet: no session until it is.
    if ('enrolment' in result) {
      res.setHeader('Cache-Control', 'no-store');
      res.json({ totpEnrolment: result.enrolment });
      return;
    }
    await logIn(res, result.user);
    res.json({ user: toPublic(result.user) });
  });

  // R-TOTP: setting up two-step login from the settings screen, and turning it off.
  auth.post('/totp/setup', requireRole('admin', 'provider'), async (req, res) => {
    const user = await accounts.byId(req.sessionUser!.uid);
    if (!user) throw AppError.unauthenticated();
    res.setHeader('Cache-Control', 'no-store');
    res.json(await twoStep.enrolment(user, false));
  });

  auth.post('/totp/enable', async (req, res) => {
    const input = parseOrThrow(totpEnableSchema, req.body);
    const done = await twoStep.enable(input.ticket, input.code, req.sessionUser);
    res.setHeader('Cache-Control', 'no-store');
    if (!done.login) {
      res.json({ recoveryCodes: done.recoveryCodes });
      return;
    }
    const user = await accounts.byId(done.uid);
    if (!user) throw AppError.unauthenticated();
    await logIn(res, await accounts.loggedIn(user));
    res.json({ recoveryCodes: done.recoveryCodes, user: toPublic(user) });
  });

  auth.post('/totp/disable', requireRole('admin', 'provider'), async (req, res) => {
    const input = parseOrThrow(totpDisableSchema, req.body);
    await accounts.confirmPassword(req.sessionUser!.uid, input.password);
    await twoStep.disable(req.sessionUser!, { id: req.sessionUser!.uid });
    res.json({ success: true });
  });

  auth.get('/me', async (req, res) => {
    if (!req.sessionUser) throw AppError.unauthenticated();
    const user = await accounts.me(req.sessionUser.uid);
    if (!user) throw AppError.unauthenticated();
    res.setHeader('Cache-Control', 'no-store');
    res.json({ user });
  });

  auth.post('/logout', async (req, res) => {
    // Ended where it is kept first: a logout that cannot be recorded answers an error.
    if (req.sessionUser) await accounts.endSession(req.sessionUser.sid);
    sessions.clear(res);
    res.json({ success: true });
  });

  auth.post('/request-reset', (req, res) => {
    const input = parseOrThrow(requestResetSchema, req.body);
    accounts.requestReset(input.email, req.ip ?? 'unknown');
    res.json({ success: true });
  });

  auth.post('/reset', async (req, res) => {
    const input = parseOrThrow(resetSchema, req.body);
    await accounts.resetPassword(input.token, input.newPassword);
    res.json({ success: true });
  });

  const users = Router();
  users.use(requireRole('admin'));
  users.get('/', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await accounts.list());
  });
  users.post('/', async (req, res) => {
    const input = parseOrThrow(adminUserSchema, req.body);
    res.status(201).json(await accounts.createUser(req.sessionUser!, input, requestLang(req)));
  });
  users.put('/:id', async (req, res) => {
    const id = idParam(req);
    const input = parseOrThrow(adminUserSchema, req.body);
    res.json(await accounts.updateUser(req.sessionUser!, id, input));
  });
  users.delete('/:id', async (req, res) => {
    await accounts.deleteUser(req.sessionUser!, idParam(req));
    res.json({ success: true });
  });
  // R-TOTP: an admin turns another user's two-step login off (a lost phone and lost codes).
  users.delete('/:id/totp', async (req, res) => {
    const id = idParam(req);
    if (!(await accounts.byId(id))) throw AppError.notFound(MSG.userNotFound);
    await twoStep.disable(req.sessionUser!, { id });
    res.json({ success: true });
  });

  app.use('/api/auth', auth);
  app.use('/api/admin/users', users);
}
