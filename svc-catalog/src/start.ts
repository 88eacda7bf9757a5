import {
  packageVersion,
  startService,
  type RunningService,
  type StartOptions,
} from '@nsa/service-kit';
import { migrations } from '../migrations/index.js';
import { catalogConfigSchema } from './config.js';
import { ActivityRepository } from './data-access/activities.js';
import { TokenRepository } from './data-access/tokens.js';
import { Catalog } from './domain/catalog.js';
import { seedDemoData } from './domain/demo-data.js';
import { ProviderLinks } from './domain/provider-links.js';
import { mountActivityRoutes } from './entry-points/http/activity-routes.js';
import { mountCatalogRoutes } from './entry-points/http/routes.js';
import { countsConsumer } from './entry-points/messaging/counts-consumer.js';
import { serveOwnerAnswers } from './entry-points/messaging/owner-answers.js';

let running: RunningService | undefined;

export async function start(opts: StartOptions = {}): Promise<RunningService> {
  let catalog: Catalog | undefined;
  running = await startService(
    {
      name: 'catalog',
      version: packageVersion(import.meta.url),
      configSchema: catalogConfigSchema,
      migrations,
      routes: (app, ctx) => {
        catalog = new Catalog(ctx);
        mountCatalogRoutes(app, ctx, catalog);
        mountActivityRoutes(app, ctx, catalog, new ProviderLinks(ctx, catalog.activities));
      },
      consumers: (ctx) => [countsConsumer(ctx)],
      background: (ctx) =>
        serveOwnerAnswers(
          ctx,
          new ActivityRepository(ctx.sequelize),
          new TokenRepository(ctx.sequelize),
        ),
      onStarted: async (ctx) => {
        if (ctx.config.DEMO_DATA === '1') await seedDemoData(ctx, catalog!);
      },
    },
    opts,
  );
  return running;
}

export async function stop(): Promise<void> {
  await running?.stop();
  running = undefined;
}
