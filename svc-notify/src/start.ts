import { openService, packageVersion, serviceModule } from '@nsa/service-kit';
import { migrations } from '../migrations/index.js';
import { notifyConfigSchema } from './config.js';
import { Mailer } from './domain/mailer.js';
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
  return run({
    consumers: notifyConsumers(mailer),
    background: [() => mailer.start()],
    healthDetails: async () => ({ failedDeliveries: await mailer.deliveries.countFailed() }),
  });
});
