import { Router, type Express } from 'express';
import { adminUserSchema, loginSchema, requestResetSchema, resetSchema } from '@nsa/contracts';
import {
  AppError,
  parseOrThrow,
  requestId,
  requestLang,
  requireRole,
  type ServiceContext,
  idParam,
} from '@nsa/service-kit';
import type { Accounts } from '../../domain/accounts.js';
import { toPublic } from '../../domain/public-user.js';

export function mountRoutes(app: Express, ctx: ServiceContext, accounts: Accounts): void {
  const auth = Router();

  auth.post('/login', async (req, res) => {
    const input = parseOrThrow(loginSchema, req.body);
    const user = await accounts.login(input.email, input.password, req.ip ?? 'unknown');
    await ctx.sessions.issue(res, {
      sid: await accounts.startSession(user),
      uid: user.id,
      role: user.role,
      name: user.name,
      email: user.email,
    });
    res.json({ user: toPublic(user) });
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
    ctx.sessions.clear(res);
    res.json({ success: true });
  });

  auth.post('/request-reset', (req, res) => {
    const input = parseOrThrow(requestResetSchema, req.body);
    accounts.requestReset(input.email, req.ip ?? 'unknown', requestId(req));
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
    res
      .status(201)
      .json(await accounts.createUser(req.sessionUser!, input, requestLang(req), requestId(req)));
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

  app.use('/api/auth', auth);
  app.use('/api/admin/users', users);
}
