import { RPC_SUBJECTS, sessionLookup } from '@nsa/contracts';
import { openService, packageVersion, serveLookup, serviceModule } from '@nsa/service-kit';
import { migrations } from '../migrations/index.js';
import { identityConfigSchema } from './config.js';
import { Accounts, sessionRepository } from './domain/accounts.js';
import { bootstrapAdmins } from './domain/bootstrap.js';
import { mountRoutes } from './entry-points/http/routes.js';

/** The composition root: config → database → domain → entry points. */
export const { start, stop } = serviceModule(async (opts) => {
  const { ctx, run } = await openService(
    {
      name: 'identity',
      version: packageVersion(import.meta.url),
      configSchema: identityConfigSchema,
      migrations,
      // The owner of sessions reads its own table (R-FRESH-SESSION).
      sessionAuthority: (deps) => {
        const repo = sessionRepository(deps);
        return { lookup: async (h) => (await repo.lookup([h]))[0] ?? null };
      },
    },
    opts,
  );
  const accounts = new Accounts(ctx);
  const sessions = sessionRepository(ctx);
  return run({
    routes: (app) => mountRoutes(app, ctx, accounts),
    // ...and answers every other service's question about a session.
    background: [
      () =>
        serveLookup(
          ctx.nc,
          RPC_SUBJECTS.sessions,
          'identity',
          sessionLookup,
          (keys) => sessions.lookup(keys),
          ctx.logger,
        ),
    ],
    onStarted: () => bootstrapAdmins(ctx, accounts),
  });
});
