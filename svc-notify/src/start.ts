import { PRIVACY_RPC_SUBJECTS } from '@nsa/contracts';
import { openService, packageVersion, servePrivacy, serviceModule } from '@nsa/service-kit';
import { migrations } from '../migrations/index.js';
import { notifyConfigSchema } from './config.js';
import { Mailer } from './domain/mailer.js';
import { NotifyPrivacy } from './domain/privacy.js';
import { notifyConsumers } from './entry-points/messaging/consumers.js';

/** The composition root: config → database → domain → entry points. */
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
  const mailer = new Mailer(ctx);
  const privacy = new NotifyPrivacy(ctx);
  // R-OPS-METRICS: emails given up on, counted at each scrape from the deliveries table.
  ctx.metrics.gauge(
    'nsa_notify_deliveries_failed',
    'Emails that failed after every retry (deliveries in state failed)',
    [],
    async (gauge) => {
      await mailer.deliveries.countFailed().then(
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
      () => privacy.job().start(),
      () => servePrivacy(ctx.nc, PRIVACY_RPC_SUBJECTS.notify, 'notify', privacy, ctx.logger),
    ],
    healthDetails: async () => ({ failedDeliveries: await mailer.deliveries.countFailed() }),
  });
});
