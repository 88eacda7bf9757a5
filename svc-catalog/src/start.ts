import { PLATFORM_RPC_SUBJECTS } from '@nsa/contracts';
import {
  countRows,
  openService,
  packageVersion,
  servePlatformQuestions,
  serviceModule,
} from '@nsa/service-kit';
import { migrations } from '../migrations/index.js';
import { catalogConfigSchema } from './config.js';
import { ActivityRepository } from './data-access/activities.js';
import { blockRepository, providerRepository } from './data-access/named.js';
import { SchoolRepository } from './data-access/schools.js';
import { TokenRepository } from './data-access/tokens.js';
import { Catalog } from './domain/catalog.js';
import { Counts } from './domain/counts.js';
import { DemoData } from './domain/demo-data.js';
import { FreshViews } from './domain/fresh-views.js';
import { OwnerAnswers } from './domain/owner-answers.js';
import { ProviderLinks } from './domain/provider-links.js';
import { mountActivityRoutes } from './entry-points/http/activity-routes.js';
import { mountCatalogRoutes } from './entry-points/http/routes.js';
import { countsConsumer } from './entry-points/messaging/counts-consumer.js';
import { serveOwnerAnswers } from './entry-points/messaging/owner-answers.js';
import {
  drawCommitments,
  registrationsNow,
  signupCounter,
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
  const { config, logger, sequelize: db, outbox } = ctx;

  // Repositories, each built once.
  const schools = new SchoolRepository(db);
  const blocks = blockRepository(db);
  const providers = providerRepository(db);
  const activities = new ActivityRepository(db);
  const tokens = new TokenRepository(db);

  // What svc-registrations, the owner of sign-ups and draws, answers now.
  const registrations = registrationsNow(ctx);

  // Domain.
  const catalog = new Catalog({
    db,
    outbox,
    schools,
    blocks,
    providers,
    activities,
    countSignups: signupCounter(ctx),
    drawCommitment: drawCommitments(ctx),
    drawPublishedNow: async (blockId) => !!(await registrations.draws([blockId]))[0]?.publishedAt,
  });
  const links = new ProviderLinks({
    db,
    outbox,
    activities,
    tokens,
    address: ctx.publicAddress,
  });
  const counts = new Counts({ activities, tokens });
  const answers = new OwnerAnswers({ activities, tokens });
  const fresh = new FreshViews({ owner: registrations, logger });
  const demo = new DemoData({ catalog, logger, schoolToken: config.DEMO_SCHOOL_TOKEN });

  // Entry points.
  return run({
    routes: (app) => {
      mountCatalogRoutes(app, catalog, fresh, ctx.publicAddress);
      mountActivityRoutes(app, catalog, links, fresh);
    },
    consumers: [countsConsumer(counts, catalog)],
    background: [
      () => serveOwnerAnswers(ctx.nc, answers, logger),
      // R-PLATFORM-COUNTS, R-PLATFORM-DELETE: the platform's questions about an organisation.
      () =>
        servePlatformQuestions(ctx.nc, 'catalog', ctx.sequelize, logger, {
          counts: {
            subject: PLATFORM_RPC_SUBJECTS.counts.catalog,
            count: (t) =>
              countRows(ctx.sequelize, t, { schools: 'schools', activities: 'activities' }),
          },
          erase: PLATFORM_RPC_SUBJECTS.erase.catalog,
        }),
    ],
    onStarted: async () => {
      if (config.DEMO_DATA === '1') await demo.seed();
    },
  });
});
