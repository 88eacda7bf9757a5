import { RPC_SUBJECTS, sessionLookup } from '@nsa/contracts';
import {
  packageVersion,
  serveLookup,
  startService,
  type RunningService,
  type StartOptions,
} from '@nsa/service-kit';
import { migrations } from '../migrations/index.js';
import { identityConfigSchema, type IdentityConfig } from './config.js';
import { Accounts, sessionRepository } from './domain/accounts.js';
import { bootstrapAdmins } from './domain/bootstrap.js';
import { mountRoutes } from './entry-points/http/routes.js';

let running: RunningService<IdentityConfig & RunningService['ctx']['config']> | undefined;

export async function start(opts: StartOptions = {}) {
  let accounts: Accounts | undefined;
  running = await startService(
    {
      name: 'identity',
      version: packageVersion(import.meta.url),
      configSchema: identityConfigSchema,
      migrations,
      routes: (app, ctx) => {
        accounts = new Accounts(ctx);
        mountRoutes(app, ctx, accounts);
      },
      onStarted: (ctx) => bootstrapAdmins(ctx, accounts!),
      // The owner of sessions reads its own table, and answers every other service's question.
      sessionAuthority: (deps) => {
        const repo = sessionRepository(deps);
        return { lookup: async (h) => (await repo.lookup([h]))[0] ?? null };
      },
      background: (ctx) => {
        const repo = sessionRepository(ctx);
        return [
          serveLookup(
            ctx.nc,
            RPC_SUBJECTS.sessions,
            'identity',
            sessionLookup,
            (keys) => repo.lookup(keys),
            ctx.logger,
          ),
        ];
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
