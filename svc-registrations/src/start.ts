import { openService, packageVersion, serviceModule } from '@nsa/service-kit';
import { migrations } from '../migrations/index.js';
import { registrationsConfigSchema } from './config.js';
import { Projection } from './domain/projection.js';
import { Review } from './domain/review.js';
import { mountRoutes } from './entry-points/http/routes.js';
import { catalogOwner } from './entry-points/messaging/catalog-owner.js';
import { catalogConsumer } from './entry-points/messaging/catalog-consumer.js';
import { notifyConsumer } from './entry-points/messaging/notify-consumer.js';
import { startResponders } from './entry-points/messaging/rpc.js';

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
  const review = new Review(ctx);
  const projection = new Projection(ctx.sequelize);
  const catalog = catalogOwner(ctx);
  return run({
    routes: (app) => mountRoutes(app, ctx, { review, catalog }),
    consumers: [catalogConsumer(projection), notifyConsumer(review)],
    background: [() => startResponders(ctx.nc, review, ctx.logger)],
  });
});
