import { openService, packageVersion, serviceModule } from '@nsa/service-kit';
import { migrations } from '../migrations/index.js';
import { registrationsConfigSchema } from './config.js';
import { Attendance } from './domain/attendance.js';
import { Idempotency } from './domain/idempotency.js';
import { IdempotencyRepository } from './data-access/idempotency.js';
import { Projection } from './domain/projection.js';
import { ParentLinks } from './domain/links.js';
import { Lottery } from './domain/lottery.js';
import { MySignups } from './domain/my-signup.js';
import { Privacy } from './domain/privacy.js';
import { PrivacyRepository } from './data-access/privacy.js';
import { Review } from './domain/review.js';
import { SignupRateLimit } from './domain/signup-rate.js';
import { Waitlist } from './domain/waitlist.js';
import { AttendanceRepository } from './data-access/attendance.js';
import { DrawRepository } from './data-access/draws.js';
import { RegistrationRepository } from './data-access/registrations.js';
import { SignupRateRepository } from './data-access/signup-rate.js';
import { mountBeforeSession, mountRoutes } from './entry-points/http/routes.js';
import { catalogOwner } from './entry-points/messaging/catalog-owner.js';
import { catalogConsumer } from './entry-points/messaging/catalog-consumer.js';
import { notifyConsumer } from './entry-points/messaging/notify-consumer.js';
import {
  serveDrawCommitments,
  serveListAnswers,
  startResponders,
} from './entry-points/messaging/rpc.js';

/** The composition root: config → database → domain → entry points. */
export const { start, stop } = serviceModule(async (opts) => {
  const { ctx, run } = await openService(
    {
      name: 'registrations',
      version: packageVersion(import.meta.url),
      configSchema: registrationsConfigSchema,
      migrations,
    },
    opts,
  );
  const { config, sequelize: db, outbox, logger } = ctx;
  const repo = new RegistrationRepository(db);
  const links = new ParentLinks({
    publicBaseUrl: config.PUBLIC_BASE_URL,
    sealSecret: config.LINK_SEAL_SECRET,
  });
  const catalog = catalogOwner(ctx);
  const waitlist = new Waitlist({
    db,
    repo,
    outbox,
    links,
    logger,
    offerHours: config.WAITLIST_OFFER_HOURS,
    sweepMs: config.WAITLIST_SWEEP_MS,
    owner: catalog.activitiesNow,
  });
  const privacyRepo = new PrivacyRepository(db);
  const mySignups = new MySignups({
    db,
    outbox,
    nc: ctx.nc,
    logger,
    repo,
    privacyRepo,
    waitlist,
  });
  const lottery = new Lottery({
    db,
    outbox,
    repo,
    draws: new DrawRepository(db),
    waitlist,
    metrics: ctx.metrics,
    logger,
  });
  const review = new Review({
    db,
    outbox,
    repo,
    waitlist,
    lottery,
    logger,
    owner: catalog.activitiesNow,
  });
  const privacy = new Privacy({
    ctx,
    repo: privacyRepo,
    mySignups,
    retentionMonths: config.RETENTION_MONTHS,
  });
  const projection = new Projection(db, waitlist);
  const attendance = new Attendance({
    ctx,
    repo: new AttendanceRepository(db),
    catalog,
    keySecret: config.LINK_SEAL_SECRET,
  });
  const idempotency = new Idempotency(new IdempotencyRepository(db));
  const signupRate = new SignupRateLimit({
    repo: new SignupRateRepository(db),
    limit: config.SIGNUP_RATE_LIMIT,
    secret: config.LINK_SEAL_SECRET,
    logger,
  });
  return run({
    beforeSession: (app) => mountBeforeSession(app, review),
    routes: (app) =>
      mountRoutes(app, ctx, {
        review,
        catalog,
        mySignups,
        links,
        lottery,
        attendance,
        privacy,
        idempotency,
        signupRate,
      }),
    consumers: [catalogConsumer(projection, lottery), notifyConsumer(review)],
    background: [
      () => startResponders(ctx.nc, review, logger),
      () => serveDrawCommitments(ctx.nc, lottery, logger),
      () => serveListAnswers(ctx.nc, review, lottery, logger),
      () => waitlist.start(),
      // R-DRAW-FREEZE: lottery blocks' entries freeze at close.
      () => lottery.start(),
      // R-RETENTION-JOB: on start and daily.
      () => privacy.start(),
      // R-IDEMPOTENCY: keyed answers are kept 24 hours.
      () => idempotency.start(),
      // R-SIGNUP-RATE: counts whose minute is over go.
      () => signupRate.start(),
    ],
  });
});
