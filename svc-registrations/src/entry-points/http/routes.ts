import { Router, type Express, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  MANAGE_TOKEN_HEADER,
  REGISTRATION_STATUSES,
  attendanceMarkSchema,
  pagingQuery,
  privacyEmailSchema,
  registrationSchema,
  sessionDateSchema,
  withoutInvisibleCharacters,
} from '@nsa/contracts';
import {
  AppError,
  addErrorBodyDecorator,
  canonicalJson,
  parseOrThrow,
  requestLang,
  requireRole,
  idParam,
  type Idempotency,
} from '@nsa/service-kit';
import type { Attendance } from '../../domain/attendance.js';
import { MSG } from '../../domain/messages.js';
import type { Participants } from '../../domain/participants.js';
import type { Lottery } from '../../domain/lottery.js';
import type { AdmittedSignup, MySignups } from '../../domain/my-signup.js';
import type { Privacy } from '../../domain/privacy.js';
import type { Review } from '../../domain/review.js';
import type { SignupRateLimit } from '../../domain/signup-rate.js';
import type { SignUps } from '../../domain/signup.js';

const SIGNUP_PATH = '/api/registrations';

/**
 * R-FRESH-LISTS: names the parts of a list shown from the projection because their owner
 * (svc-catalog) did not answer in time; `activities` here.
 */
const LAGGING_HEADER = 'X-May-Lag';

const MAX_PAGE_SIZE = 200;

const optionalId = z.coerce
  .number({ error: 'invalidType' })
  .int('invalidType')
  .positive('invalidType')
  .max(2_147_483_647, 'invalidType')
  .optional();
/** R-NAMES-INVISIBLE: a rejection reason is shown to the parent, as typed. */
const reasonText = z
  .string({ error: 'invalidType' })
  .trim()
  .max(500, 'tooLong')
  .refine(withoutInvisibleCharacters, 'invisibleCharacters')
  .nullable()
  .optional();
export const listQuery = z.object({
  schoolId: optionalId,
  blockId: optionalId,
  activityId: optionalId,
  status: z.enum(REGISTRATION_STATUSES, { error: 'invalidType' }).optional(),
  q: z
    .string({ error: 'invalidType' })
    .trim()
    .max(200, 'tooLong')
    .optional()
    .transform((v) => v || undefined),
  ...pagingQuery(MAX_PAGE_SIZE),
});
export const approveBody = z
  .object({ sendEmail: z.boolean({ error: 'invalidType' }).default(true) })
  .default({ sendEmail: true });
export const rejectBody = z
  .object({
    reason: reasonText,
    sendEmail: z.boolean({ error: 'invalidType' }).default(true),
  })
  .default({ sendEmail: true });

export const bulkBody = z.object({
  action: z.enum(['approve', 'reject', 'revert'], { error: 'invalidType' }),
  ids: z
    .array(
      z
        .number({ error: 'invalidType' })
        .int('invalidType')
        .positive('invalidType')
        .max(2_147_483_647, 'invalidType'),
      { error: 'invalidType' },
    )
    .min(1, 'invalidType')
    .max(500, 'tooLong'),
  sendEmail: z.boolean({ error: 'invalidType' }).default(true),
  reason: reasonText,
});

/** Where the admin's sign-up routes are mounted, and the approval's path below it. */
const ADMIN_REGISTRATIONS = '/api/admin/registrations';
const APPROVE = '/:id/approve';

/** The announcement of an approval on its way, kept with its response; a no-op if none. */
const approvalArrived = (res: Response): (() => void) =>
  (res.locals.approvalArrived as (() => void) | undefined) ?? (() => undefined);

/**
 * Before the session check: an approval that arrives is announced to the approvals' batcher
 * (group commit), so that the approvals of a burst whose session checks come back at different
 * moments go in one batch. The announcement ends when the approval is submitted, or when its
 * answer is sent without it (refused session, bad body).
 */
export function mountBeforeSession(app: Express, review: Review): void {
  app.post(ADMIN_REGISTRATIONS + APPROVE, (_req, res, next) => {
    const arrived = review.expectApproval();
    res.locals.approvalArrived = arrived;
    res.once('close', arrived);
    next();
  });
}

export interface RegistrationsDomain {
  signUps: SignUps;
  idempotency: Idempotency;
  signupRate: SignupRateLimit;
  review: Review;
  mySignups: MySignups;
  lottery: Lottery;
  participants: Participants;
  attendance: Attendance;
  privacy: Privacy;
}

export function mountRoutes(
  app: Express,
  {
    signUps,
    idempotency,
    signupRate,
    review,
    mySignups,
    lottery,
    participants,
    attendance,
    privacy,
  }: RegistrationsDomain,
): void {
  const schema = registrationSchema();

  // The public create answers errors with `success: false` and `error` too (R-SIGNUP-ANSWER);
  // a full activity's answer offers the waiting list (R-WAITLIST-JOIN).
  addErrorBodyDecorator(app, (req, body) =>
    req.method === 'POST' && req.path === SIGNUP_PATH
      ? {
          success: false,
          error: body.message,
          ...(body.code === 'ACTIVITY_FULL' ? { waitlist: true } : {}),
        }
      : {},
  );

  // R-SIGNUP-RATE: counted across every process of the service; req.ip is the address nginx saw
  // (trust proxy: loopback).
  if (signupRate.enabled) {
    app.post(SIGNUP_PATH, async (req, _res, next) => {
      const wait = await signupRate.take(req.ip ?? '');
      if (wait !== undefined)
        throw new AppError('RATE_LIMITED', 429, undefined, undefined, {
          'Retry-After': String(wait),
        });
      next();
    });
  }

  app.post(SIGNUP_PATH, async (req, res) => {
    const input = parseOrThrow(schema, req.body);
    const header = req.headers['x-school-token'];
    const token = typeof header === 'string' ? header : undefined;
    // R-IDEMPOTENCY: the same key answers the same body's first answer again; the sign-up's
    // one statement claims the key, records its 201 or answers the row of a repeat.
    await idempotency.respond(
      req,
      res,
      {
        scope: SIGNUP_PATH,
        request: `${canonicalJson(input)}\n${token ?? ''}`,
        status: 201,
        claimedInChange: true,
      },
      () => signUps.signUp(input, token, requestLang(req)),
    );
  });

  const adminRoutes = Router();
  adminRoutes.use(requireRole('admin'));
  adminRoutes.get('/', async (req, res) => {
    const q = parseOrThrow(listQuery, req.query);
    res.setHeader('Cache-Control', 'no-store');
    const { answer, mayLag } = await review.list(q);
    if (mayLag) res.setHeader(LAGGING_HEADER, 'activities');
    res.json(answer);
  });
  // R-REVIEW-BULK: each one applied exactly as its single call, in the order given.
  adminRoutes.post('/bulk', async (req, res) => {
    const { action, ids, sendEmail, reason } = parseOrThrow(bulkBody, req.body ?? {});
    res.json(await review.bulk(action, ids, sendEmail, reason || null));
  });
  adminRoutes.post(APPROVE, async (req, res) => {
    let approved: Promise<unknown>;
    try {
      const { sendEmail } = parseOrThrow(approveBody, req.body ?? {});
      approved = review.approveWithinCapacity(idParam(req), sendEmail);
    } finally {
      approvalArrived(res)();
    }
    res.json(await approved);
  });
  adminRoutes.post('/:id/reject', async (req, res) => {
    const { reason, sendEmail } = parseOrThrow(rejectBody, req.body ?? {});
    res.json(await review.reject(idParam(req), reason || null, sendEmail));
  });
  adminRoutes.post('/:id/revert', async (req, res) => {
    res.json(await review.revert(idParam(req)));
  });
  app.use(ADMIN_REGISTRATIONS, adminRoutes);

  // R-ADMIN-SUMMARY: the dashboard's figures in one answer.
  app.get('/api/admin/summary', requireRole('admin'), async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await review.summary());
  });

  // R-WAITLIST-ADMIN (the gateway sends this one path of the activities to this service).
  app.get('/api/admin/activities/:id/waitlist', requireRole('admin'), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const { answer, mayLag } = await review.queue(idParam(req));
    if (mayLag) res.setHeader(LAGGING_HEADER, 'activities');
    res.json(answer);
  });

  // R-DRAW-PREVIEW, R-DRAW-PUBLISH: a lottery block's draw.
  const draws = Router();
  draws.use(requireRole('admin'));
  draws.get('/:id/draw', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await lottery.get(idParam(req)));
  });
  draws.post('/:id/draw', async (req, res) => {
    res.status(201).json(await lottery.preview(idParam(req)));
  });
  draws.post('/:id/draw/publish', async (req, res) => {
    const { sendEmail } = parseOrThrow(approveBody, req.body ?? {});
    res.json(await lottery.publish(idParam(req), sendEmail));
  });
  app.use('/api/admin/blocks', draws);

  // R-MY-SIGNUP-*: the parent's own link; the token travels only in this header.
  const manageToken = (req: Request) => {
    const t = req.headers[MANAGE_TOKEN_HEADER.toLowerCase()];
    return typeof t === 'string' ? t : undefined;
  };
  const my = Router();
  my.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  });
  my.get('/', async (req, res) => {
    res.json(await mySignups.view(manageToken(req)));
  });
  my.get('/calendar.ics', async (req, res) => {
    const ics = await mySignups.calendar(manageToken(req));
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="activiteit.ics"');
    res.send(ics);
  });
  // R-IDEMPOTENCY: a keyed action with the same link answers its first answer again; the
  // answer of withdraw, accept and decline names the child, so it is shown again from the
  // sign-up instead of kept. R-IDEMPOTENCY-ADMIT: the link is judged before the key is looked
  // at, so a refused link stores nothing and learns nothing of the key.
  const keyedAction = (
    action: 'withdraw' | 'accept' | 'decline' | 'erase',
    run: (signup: AdmittedSignup) => Promise<unknown>,
  ) =>
    my.post(`/${action}`, async (req, res) => {
      const token = manageToken(req);
      await idempotency.respond(
        req,
        res,
        {
          scope: 'my-signup',
          request: `${action}\n${token ?? ''}`,
          status: 200,
          admit: () => mySignups.admit(token),
          derive: (signup) => mySignups.viewOf(signup),
        },
        run,
      );
    });
  keyedAction('withdraw', (t) => mySignups.withdraw(t));
  keyedAction('accept', (t) => mySignups.accept(t));
  keyedAction('decline', (t) => mySignups.decline(t));
  keyedAction('erase', (t) => mySignups.erase(t));
  app.use('/api/my-signup', my);

  /**
   * The link's activity id and token (R-PROVIDER-LINK): 400 without them; 403 for a token or an
   * id no link can have. The answers are for the link holder only: never cached, never
   * referred on.
   */
  const providerLink = (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const token = req.query.token;
    const raw = String(req.params.activityId ?? '');
    if (typeof token !== 'string' || token === '' || !/^\d{1,10}$/.test(raw)) {
      throw AppError.badRequest(MSG.providerTokenMissing);
    }
    // Ids start at 1, and past the largest activity id no activity exists (nor does the id fit
    // an integer column): no link names such an id.
    if (token.length > 256 || Number(raw) < 1 || Number(raw) > 2_147_483_647) {
      throw AppError.forbidden(MSG.providerTokenInvalid);
    }
    return { activityId: Number(raw), token, clientIp: req.ip ?? 'unknown' };
  };

  app.get('/api/provider/:activityId/participants', async (req, res) => {
    const { activityId, token, clientIp } = providerLink(req, res);
    res.json(await participants.list(activityId, token, clientIp));
  });

  // R-ATTENDANCE-LIST, R-ATTENDANCE-MARK: attendance through the same link.
  app.get('/api/provider/:activityId/attendance', async (req, res) => {
    const { activityId, token, clientIp } = providerLink(req, res);
    res.json(await attendance.forProvider(activityId, token, clientIp));
  });
  app.put('/api/provider/:activityId/attendance/:date', async (req, res) => {
    const { activityId, token, clientIp } = providerLink(req, res);
    const { date } = parseOrThrow(z.object({ date: sessionDateSchema }), req.params);
    const mark = parseOrThrow(attendanceMarkSchema, req.body ?? {});
    res.json(await attendance.mark(activityId, date, token, clientIp, mark));
  });

  // R-PRIVACY-*, R-RETENTION-RUN: the privacy lifecycle, admins only (writes CSRF-checked).
  const privacyRoutes = Router();
  privacyRoutes.use(requireRole('admin'), (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  privacyRoutes.get('/status', async (_req, res) => {
    res.json(await privacy.status());
  });
  privacyRoutes.get('/export', async (req, res) => {
    const { email } = parseOrThrow(privacyEmailSchema, req.query);
    res.setHeader('Content-Disposition', 'attachment; filename="privacy-export.json"');
    res.json(await privacy.exportEmail(email));
  });
  privacyRoutes.post('/erase', async (req, res) => {
    const { email } = parseOrThrow(privacyEmailSchema, req.body ?? {});
    res.json(await privacy.eraseEmail(email));
  });
  privacyRoutes.post('/retention/run', async (_req, res) => {
    res.json(await privacy.runNow());
  });
  app.use('/api/admin/privacy', privacyRoutes);

  // R-ATTENDANCE-ADMIN (the gateway sends this one path of the activities to this service).
  app.get('/api/admin/activities/:id/attendance', requireRole('admin'), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await attendance.forAdmin(idParam(req)));
  });
  // R-ATTENDANCE-RATE: each activity's attendance rate, for the activities screen.
  app.get('/api/admin/attendance/rates', requireRole('admin'), async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await attendance.rates());
  });
}
