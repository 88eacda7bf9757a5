import { PLATFORM_RPC_SUBJECTS } from '@nsa/contracts';
import {
  countRows,
  ErasureLedger,
  Idempotency,
  openService,
  packageVersion,
  retentionJob,
  servePlatformQuestions,
  serviceModule,
  withOrganisation,
} from '@nsa/service-kit';
import { migrations } from '../migrations/index.js';
import { registrationsConfigSchema } from './config.js';
import { ActivityRepository } from './data-access/activities.js';
import { AdminListRepository } from './data-access/admin-list.js';
import { AttendanceRepository } from './data-access/attendance.js';
import { DrawRepository } from './data-access/draws.js';
import { IdempotencyRepository } from './data-access/idempotency.js';
import { PrivacyRepository } from './data-access/privacy.js';
import { ProjectionRepository } from './data-access/projection.js';
import { ProviderAccessRepository } from './data-access/provider-access.js';
import { RegistrationRepository } from './data-access/registrations.js';
import { SignupRateRepository } from './data-access/signup-rate.js';
import { Attendance } from './domain/attendance.js';
import { ParentLinks } from './domain/links.js';
import { Lottery } from './domain/lottery.js';
import { Participants } from './domain/participants.js';
import { retainedSignups } from './domain/privacy.js';
import { Projection } from './domain/projection.js';
import { Review } from './domain/review.js';
import { SignUps } from './domain/signup.js';
import { SignupRateLimit } from './domain/signup-rate.js';
import { Waitlist } from './domain/waitlist.js';
import { mountBeforeSession, mountRoutes } from './entry-points/http/routes.js';
import { catalogConsumer } from './entry-points/messaging/catalog-consumer.js';
import { catalogOwner } from './entry-points/messaging/catalog-owner.js';
import { notifyConsumer } from './entry-points/messaging/notify-consumer.js';
import { privacyPeers } from './entry-points/messaging/privacy-peers.js';
import {
  serveDrawCommitments,
  serveListAnswers,
  startResponders,
} from './entry-points/messaging/rpc.js';
import { streamPurge } from './entry-points/messaging/stream-purge.js';
import { privacyParts } from './privacy-parts.js';
import { MSG } from './domain/messages.js';

/** The composition root: config → repositories → domain → entry points, each built once. */
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
  const { config, sequelize: db, outbox, logger, metrics, nc } = ctx;

  // Repositories.
  const registrations = new RegistrationRepository(db);
  const activities = new ActivityRepository(db);
  const adminLists = new AdminListRepository(db);
  const projectionRows = new ProjectionRepository(db);
  const draws = new DrawRepository(db);
  const providerAccess = new ProviderAccessRepository(db);
  const attendanceRecords = new AttendanceRepository(db);
  const privacyRecords = new PrivacyRepository(db);
  const idempotencyKeys = new IdempotencyRepository(db);
  const signupCounts = new SignupRateRepository(db);

  // What the domain asks of svc-catalog, the other services and the stream, over NATS.
  const catalog = catalogOwner(ctx);
  const stream = streamPurge(nc, logger);
  const peers = privacyPeers(nc);
  // R-ERASURE-LEDGER: outside the database; a process that cannot write it does not start.
  const ledger = new ErasureLedger(config.ERASURE_LEDGER);
  ledger.prepare();

  // Domain.
  const links = new ParentLinks({
    address: ctx.publicAddress,
    sealSecret: config.LINK_SEAL_SECRET,
  });
  const waitlist = new Waitlist({
    db,
    registrations,
    activities,
    outbox,
    links,
    logger,
    offerHours: config.WAITLIST_OFFER_HOURS,
    sweepMs: config.WAITLIST_SWEEP_MS,
    owner: catalog.activitiesNow,
  });
  const lottery = new Lottery({
    db,
    outbox,
    registrations,
    activities,
    draws,
    waitlist,
    metrics,
    logger,
  });
  const review = new Review({
    db,
    outbox,
    registrations,
    lists: adminLists,
    waitlist,
    lottery,
    logger,
    owner: catalog.activitiesNow,
  });
  const signUps = new SignUps({ outbox, registrations, links, lottery, catalog });
  const { mySignups, privacy } = privacyParts({
    db,
    outbox,
    logger,
    registrations,
    activities,
    privacyRecords,
    waitlist,
    stream,
    peers,
    ledger,
    config,
    organisation: ctx.publicAddress,
  });
  const projection = new Projection({ projection: projectionRows, waitlist });
  const participants = new Participants({
    db,
    outbox,
    access: providerAccess,
    catalog,
    keySecret: config.LINK_SEAL_SECRET,
  });
  const attendance = new Attendance({
    db,
    outbox,
    records: attendanceRecords,
    catalog,
    participants,
    keySecret: config.LINK_SEAL_SECRET,
  });
  const idempotency = new Idempotency({
    store: idempotencyKeys,
    secret: config.LINK_SEAL_SECRET,
    invalidKeyText: MSG.idempotencyKeyInvalid,
  });
  const signupRate = new SignupRateLimit({
    counts: signupCounts,
    limit: config.SIGNUP_RATE_LIMIT,
    secret: config.LINK_SEAL_SECRET,
    logger,
  });

  // Entry points: HTTP, consumers, responders and the background jobs.
  // R-RETENTION-JOB: on start and daily.
  const retention = retentionJob(
    { sequelize: db, logger, metrics, everyOrganisation: ctx.everyOrganisation },
    (trigger) => privacy.retain(trigger),
    retainedSignups,
  );
  return run({
    beforeSession: (app) => mountBeforeSession(app, review),
    routes: (app) =>
      mountRoutes(app, {
        signUps,
        idempotency,
        signupRate,
        review,
        mySignups,
        lottery,
        participants,
        attendance,
        privacy,
      }),
    consumers: [catalogConsumer(projection, lottery), notifyConsumer(review)],
    background: [
      () => startResponders(nc, review, logger),
      () => serveDrawCommitments(nc, lottery, logger),
      () => serveListAnswers(nc, review, lottery, logger),
      () => waitlist.start(ctx.everyOrganisation),
      // R-DRAW-FREEZE: lottery blocks' entries freeze at close.
      () => lottery.start(ctx.everyOrganisation),
      () => retention.start(),
      // R-IDEMPOTENCY: keyed answers are kept 24 hours.
      () => idempotency.start(ctx.everyOrganisation),
      // R-SIGNUP-RATE: counts whose minute is over go.
      () => signupRate.start(),
      // R-PLATFORM-COUNTS, R-PLATFORM-DELETE: the platform's questions about an organisation.
      () =>
        servePlatformQuestions(nc, 'registrations', ctx.sequelize, logger, {
          counts: {
            subject: PLATFORM_RPC_SUBJECTS.counts.registrations,
            count: (t) => countRows(ctx.sequelize, t, { registrations: 'registrations' }),
          },
          erase: PLATFORM_RPC_SUBJECTS.erase.registrations,
          // R-ERASURE-LEDGER: a restore of an older backup deletes the organisation again.
          beforeErase: (id) =>
            withOrganisation(id, () =>
              ledger.append({ kind: 'organisation', registrationIds: [] }),
            ),
        }),
    ],
  });
});
