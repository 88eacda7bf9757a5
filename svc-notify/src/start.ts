import { PLATFORM_RPC_SUBJECTS, PRIVACY_RPC_SUBJECTS } from '@nsa/contracts';
import {
  openService,
  packageVersion,
  retentionJob,
  servePlatformQuestions,
  servePrivacy,
  serviceModule,
} from '@nsa/service-kit';
import { migrations } from '../migrations/index.js';
import { notifyConfigSchema } from './config.js';
import { DeliveryRepository } from './data-access/deliveries.js';
import { PrivacyRepository } from './data-access/privacy.js';
import { smtpTransport } from './data-access/smtp.js';
import { Mailer } from './domain/mailer.js';
import { NotifyPrivacy } from './domain/privacy.js';
import { notifyConsumers } from './entry-points/messaging/consumers.js';

/** The composition root: config → repositories → domain → entry points. */
export const { start, stop } = serviceModule(async (opts) => {
  const { ctx, run } = await openService(
    {
      name: 'notify',
      version: packageVersion(import.meta.url),
      configSchema: notifyConfigSchema,
      migrations,
    },
    opts,
  );
  const { config, logger, metrics, sequelize } = ctx;

  const deliveries = new DeliveryRepository(sequelize);
  const privacyRepository = new PrivacyRepository(sequelize);
  const transport = smtpTransport(config.SMTP_URL, config.MAIL_CONCURRENCY);

  const mailer = new Mailer({
    deliveries,
    transport,
    outbox: ctx.outbox,
    logger,
    organisation: ctx.publicAddress,
    settings: {
      from: config.MAIL_FROM ?? `"${config.ORG_NAME}" <${config.ORG_CONTACT_EMAIL}>`,
      org: { name: config.ORG_NAME, contactEmail: config.ORG_CONTACT_EMAIL },
      linkSecrets: [config.LINK_SEAL_SECRET, config.LINK_SEAL_SECRET_PREVIOUS].filter(
        (s): s is string => !!s,
      ),
      concurrency: config.MAIL_CONCURRENCY,
      retryBaseMs: config.MAIL_RETRY_BASE_MS,
      retryMaxMs: config.MAIL_RETRY_MAX_MS,
      maxAttempts: config.MAIL_MAX_ATTEMPTS,
    },
  });
  const privacy = new NotifyPrivacy({ db: sequelize, privacy: privacyRepository });
  // R-RETENTION-JOB: on start and daily, one replica at a time.
  const retention = retentionJob(
    { sequelize, logger, metrics, everyOrganisation: ctx.everyOrganisation },
    (trigger) => privacy.retention(trigger),
    (c) => c.deliveries ?? 0,
  );

  // R-OPS-METRICS: emails given up on, counted at each scrape from the deliveries table.
  metrics.gauge(
    'nsa_notify_deliveries_failed',
    'Emails that failed after every retry (deliveries in state failed)',
    [],
    async (gauge) => {
      await mailer.countFailed().then(
        (n) => gauge.set(n),
        () => undefined,
      );
    },
  );
  return run({
    consumers: notifyConsumers(mailer, privacy),
    background: [
      () => mailer.start(),
      // R-RETENTION-NOTIFY, R-PRIVACY-*: its retention on start and daily, and its part on request.
      () => retention.start(),
      () => servePrivacy(ctx.nc, PRIVACY_RPC_SUBJECTS.notify, 'notify', privacy, logger),
      // R-PLATFORM-DELETE: an organisation's emails and their records go with it.
      () =>
        servePlatformQuestions(ctx.nc, 'notify', ctx.sequelize, logger, {
          erase: PLATFORM_RPC_SUBJECTS.erase.notify,
        }),
    ],
    healthDetails: async () => ({ failedDeliveries: await mailer.countFailed() }),
  });
});
