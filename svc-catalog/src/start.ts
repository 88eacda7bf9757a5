import { openService, packageVersion, serviceModule } from '@nsa/service-kit';
import { migrations } from '../migrations/index.js';
import { catalogConfigSchema } from './config.js';
import { ActivityRepository } from './data-access/activities.js';
import { TokenRepository } from './data-access/tokens.js';
import { Catalog } from './domain/catalog.js';
import { Counts } from './domain/counts.js';
import { seedDemoData } from './domain/demo-data.js';
import { OwnerAnswers } from './domain/owner-answers.js';
import { ProviderLinks } from './domain/provider-links.js';
import { mountActivityRoutes } from './entry-points/http/activity-routes.js';
import { mountCatalogRoutes } from './entry-points/http/routes.js';
import { countsConsumer } from './entry-points/messaging/counts-consumer.js';
import { serveOwnerAnswers } from './entry-points/messaging/owner-answers.js';
import { FreshViews } from './domain/fresh-views.js';
import {
  drawCommitments,
  registrationsNow,
} from './entry-points/messaging/registrations-client.js';

/** The composition root: config → database → repositories → domain → entry points. */
export const { start, stop } = serviceModule(async (opts) => {
  const { ctx, run } = await openService(
    {
      name: 'catalog',
      version: packageVersion(import.meta.url),
      configSchema: catalogConfigSchema,
      migrations,
    },
    opts,
  );
  const activities = new ActivityRepository(ctx.sequelize);
  const tokens = new TokenRepository(ctx.sequelize);
  const registrations = registrationsNow(ctx);
  const catalog = new Catalog(
    ctx,
    drawCommitments(ctx),
    async (blockId) => !!(await registrations.draws([blockId]))[0]?.publishedAt,
  );
  const links = new ProviderLinks(ctx, activities);
  const counts = new Counts(activities, tokens);
  const answers = new OwnerAnswers(activities, tokens);
  const fresh = new FreshViews(registrations, ctx.logger);
  return run({
    routes: (app) => {
      mountCatalogRoutes(app, ctx, catalog, fresh);
      mountActivityRoutes(app, ctx, catalog, links, fresh);
    },
    consumers: [countsConsumer(counts, catalog)],
    background: [() => serveOwnerAnswers(ctx.nc, answers, ctx.logger)],
    onStarted: async () => {
      if (ctx.config.DEMO_DATA === '1') await seedDemoData(ctx, catalog);
    },
  });
});
