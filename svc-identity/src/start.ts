import {
  PLATFORM_RPC_SUBJECTS,
  LANGS,
  PRIVACY_RPC_SUBJECTS,
  RPC_SUBJECTS,
  organisationByIdLookup,
  organisationLookup,
  organisationCountsLookup,
  organisationEraseLookup,
  organisationIdsLookup,
  sessionLookup,
} from '@nsa/contracts';
import {
  DailyJob,
  OwnerLookup,
  openService,
  packageVersion,
  retentionJob,
  reusedOrganisationAnswers,
  servePrivacy,
  serveLookup,
  serviceModule,
} from '@nsa/service-kit';
import { migrations } from '../migrations/index.js';
import { composeAccounts } from './accounts-root.js';
import { OrganisationSettingsPage } from './domain/organisation-settings.js';
import { identityConfigSchema } from './config.js';
import { AuditEntryRepository } from './data-access/audit-entries.js';
import { OrganisationRepository } from './data-access/organisations.js';
import { PrivacyRepository } from './data-access/privacy.js';
import { sessionRepository, type SessionRepository } from './data-access/sessions.js';
import { AuditLog } from './domain/audit-log.js';
import { AdminBootstrap } from './domain/bootstrap.js';
import { IdentityPrivacy, retiredItems } from './domain/privacy.js';
import { mountOrganisationRoutes } from './entry-points/http/organisation-routes.js';
import { mountAuditRoutes } from './entry-points/http/audit-routes.js';
import { mountPlatformRoutes } from './entry-points/http/platform-routes.js';
import { LoginFailureRepository } from './data-access/login-failures.js';
import { PlatformAdminRepository } from './data-access/platform-admins.js';
import { PlatformAuditRepository } from './data-access/platform-audit.js';
import { Platform, PlatformAccounts } from './domain/platform.js';
import { mountRoutes } from './entry-points/http/routes.js';
import { auditConsumers } from './entry-points/messaging/audit-consumer.js';

/** How often hours of counted login failures that are over become audit entries. */
const TALLY_FLUSH_MS = 5 * 60_000;

/**
 * A deletion is left to the job once it has been `deleting` this long: longer than a request
 * takes to ask every service (three erasures of at most 20 s each).
 */
const STALLED_DELETION_MS = 120_000;

/** The composition root: config → repositories → domain → entry points. */
export const { start, stop } = serviceModule(async (opts) => {
  // The owner of sessions reads its own table (R-FRESH-SESSION): the session store is built
  // once, when the service is opened, and serves the use cases below as well.
  let sessionStore: SessionRepository | undefined;
  const { ctx, run } = await openService(
    {
      name: 'identity',
      version: packageVersion(import.meta.url),
      configSchema: identityConfigSchema,
      migrations,
      sessionAuthority: ({ sequelize, config }) => {
        const store = (sessionStore = sessionRepository(sequelize, config));
        return { lookup: async (h) => (await store.lookup([h]))[0] ?? null };
      },
      // The owner of organisations reads its own tables for a request's host (R-ORG-HOST).
      organisationSource: ({ sequelize }) => {
        const hosts = new OrganisationRepository(sequelize);
        return reusedOrganisationAnswers(
          (h) => hosts.byHosts(h),
          (status) => hosts.ids(status),
          (id) => hosts.byId(id),
        );
      },
    },
    opts,
  );
  const { config, logger, metrics, outbox, sequelize } = ctx;

  const sessions = sessionStore!;
  const entries = new AuditEntryRepository(sequelize);
  const privacyRepository = new PrivacyRepository(sequelize);

  const { accounts, twoStep } = composeAccounts({
    sequelize,
    outbox,
    logger,
    metrics,
    config,
    sessions,
    address: ctx.publicAddress,
  });
  const audit = new AuditLog({ entries });
  // R-ORG-HOST: organisation 1 from the deployment's settings, before any host is asked about.
  const organisations = new OrganisationRepository(sequelize);
  if (
    await organisations.ensureFirst({
      name: config.ORG_NAME,
      contactEmail: config.ORG_CONTACT_EMAIL,
      website: config.ORG_WEBSITE,
      privacyUrl: config.ORG_PRIVACY_URL,
      publicBaseUrl: config.PUBLIC_BASE_URL,
      retentionMonths: config.RETENTION_MONTHS,
      adminTwoStepRequired: config.ADMIN_2FA_REQUIRED === '1',
    })
  ) {
    logger.info('organisation 1 made from the deployment settings');
  }
  const organisationSettings = new OrganisationSettingsPage({
    db: sequelize,
    outbox,
    organisations,
    deployment: {
      name: config.ORG_NAME,
      contactEmail: config.ORG_CONTACT_EMAIL,
      website: config.ORG_WEBSITE ?? null,
      privacyUrl: config.ORG_PRIVACY_URL ?? null,
      mailFromName: null,
      languages: [...LANGS],
      retentionMonths: config.RETENTION_MONTHS,
      adminTwoStepRequired: config.ADMIN_2FA_REQUIRED === '1',
      publicBaseUrl: config.PUBLIC_BASE_URL,
    },
  });
  const privacy = new IdentityPrivacy({
    db: sequelize,
    outbox,
    privacy: privacyRepository,
    audit,
    sessionSecret: config.SESSION_SECRET,
    retentionMonths: config.RETENTION_MONTHS,
  });
  const bootstrap = new AdminBootstrap({ accounts, logger, config });
  // R-PLATFORM-*: the platform's administrators and what they do with the organisations.
  const platformAccounts = new PlatformAccounts({
    admins: new PlatformAdminRepository(sequelize),
    failures: new LoginFailureRepository(sequelize),
    settings: { loginRateLimit: config.LOGIN_RATE_LIMIT, secret: config.IDENTITY_SECRET },
  });
  const platform = new Platform({
    db: sequelize,
    organisations,
    accounts,
    audit: entries,
    log: new PlatformAuditRepository(sequelize),
    counts: Object.values(PLATFORM_RPC_SUBJECTS.counts).map(
      (s) => new OwnerLookup(ctx.nc, s, organisationCountsLookup, logger),
    ),
    // An organisation's erasure may take a while in a service that holds much of it; one that
    // does not answer within twice this fails the deletion (503), to be asked again.
    erasers: Object.entries(PLATFORM_RPC_SUBJECTS.erase).map(([service, s]) => ({
      service,
      ask: new OwnerLookup(ctx.nc, s, organisationEraseLookup, logger, { timeoutMs: 20_000 }),
    })),
    retentionMonths: config.RETENTION_MONTHS,
    logger,
  });
  // R-RETENTION-ACCESS-LOG, R-RETENTION-JOB: on start and daily, one replica at a time.
  const retention = retentionJob(
    { sequelize, logger, metrics, everyOrganisation: ctx.everyOrganisation },
    (trigger) => privacy.retention(trigger),
    retiredItems,
  );

  // R-PLATFORM-DELETE: a deletion that a request left halfway is finished, one replica at a time.
  const deletions = new DailyJob({
    name: 'organisation-deletions',
    sequelize,
    logger,
    metrics,
    run: () => platform.finishStalledDeletions(STALLED_DELETION_MS),
    items: (finished) => finished.length,
    intervalMs: config.DELETION_RETRY_MS,
  });

  return run({
    routes: (app) => {
      mountRoutes(app, { sessions: ctx.sessions, accounts, twoStep });
      mountAuditRoutes(app, audit);
      mountOrganisationRoutes(app, organisationSettings);
      mountPlatformRoutes(app, {
        accounts: platformAccounts,
        platform,
        secureCookies: config.PUBLIC_BASE_URL.startsWith('https:'),
      });
    },
    // Every service's audit entries land in one searchable store here (R-AUDIT-STORE).
    consumers: auditConsumers({ audit }),
    // ...and answers every other service's question about a session.
    background: [
      () =>
        serveLookup(
          ctx.nc,
          RPC_SUBJECTS.sessions,
          'identity',
          sessionLookup,
          (keys) => accounts.sessionOwners(keys),
          logger,
        ),
      // ...and which organisation a host name belongs to (R-ORG-HOST).
      () =>
        serveLookup(
          ctx.nc,
          RPC_SUBJECTS.organisations,
          'identity',
          organisationLookup,
          (hosts) => organisations.byHosts(hosts),
          logger,
        ),
      // ...and an organisation by its id, for the others' links (R-ORG-LINKS).
      () =>
        serveLookup(
          ctx.nc,
          RPC_SUBJECTS.organisationById,
          'identity',
          organisationByIdLookup,
          (ids) => organisations.byIds(ids),
          logger,
        ),
      // ...and which organisations there are, for the others' background work (R-ORG-JOBS).
      () =>
        serveLookup(
          ctx.nc,
          RPC_SUBJECTS.organisationIds,
          'identity',
          organisationIdsLookup,
          (statuses) =>
            Promise.all(statuses.map(async (s) => ({ ids: await ctx.organisations.ids(s) }))),
          logger,
        ),
      // R-LOGIN-TALLY: an hour's count of failed logins becomes its audit entry soon after.
      () => {
        const timer = setInterval(() => {
          accounts
            .flushLoginTallies()
            .catch((err: Error) => logger.warn({ err: err.message }, 'login tally flush'));
        }, TALLY_FLUSH_MS);
        timer.unref();
        return { stop: () => clearInterval(timer) };
      },
      // R-RETENTION-ACCESS-LOG, R-PRIVACY-*: its retention on start and daily, its part on request.
      () => retention.start(),
      () => deletions.start(),
      () => servePrivacy(ctx.nc, PRIVACY_RPC_SUBJECTS.identity, 'identity', privacy, logger),
    ],
    onStarted: async () => {
      // R-TOTP-KEY: stored TOTP secrets of an older release move to IDENTITY_SECRET's key.
      const resealed = await twoStep.resealLegacy();
      if (resealed > 0) logger.info({ resealed }, 'TOTP secrets sealed under IDENTITY_SECRET');
      await bootstrap.run();
      if (config.BOOTSTRAP_PLATFORM_EMAIL && config.BOOTSTRAP_PLATFORM_PASSWORD) {
        const made = await platformAccounts.ensure(
          config.BOOTSTRAP_PLATFORM_EMAIL,
          'Platformbeheerder',
          config.BOOTSTRAP_PLATFORM_PASSWORD,
        );
        if (made) logger.info({ platformAdminCreated: true }, 'platform administrator created');
      }
    },
  });
});
