import { PRIVACY_RPC_SUBJECTS, RPC_SUBJECTS, sessionLookup } from '@nsa/contracts';
import {
  openService,
  packageVersion,
  servePrivacy,
  serveLookup,
  serviceModule,
} from '@nsa/service-kit';
import { migrations } from '../migrations/index.js';
import { identityConfigSchema } from './config.js';
import { Accounts, sessionRepository } from './domain/accounts.js';
import { AuditLog } from './domain/audit-log.js';
import { bootstrapAdmins } from './domain/bootstrap.js';
import { IdentityPrivacy } from './domain/privacy.js';
import { mountAuditRoutes } from './entry-points/http/audit-routes.js';
import { mountRoutes } from './entry-points/http/routes.js';
import { auditConsumers } from './entry-points/messaging/audit-consumer.js';

/** How often hours of counted login failures that are over become audit entries. */
const TALLY_FLUSH_MS = 5 * 60_000;

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
  const audit = new AuditLog(ctx);
  const privacy = new IdentityPrivacy(ctx, audit);
  return run({
    routes: (app) => {
      mountRoutes(app, ctx, accounts);
      mountAuditRoutes(app, audit);
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
          (keys) => sessions.lookup(keys),
          ctx.logger,
        ),
      // R-LOGIN-TALLY: an hour's count of failed logins becomes its audit entry soon after.
      () => {
        const timer = setInterval(() => {
          accounts
            .flushLoginTallies()
            .catch((err: Error) => ctx.logger.warn({ err: err.message }, 'login tally flush'));
        }, TALLY_FLUSH_MS);
        timer.unref();
        return { stop: () => clearInterval(timer) };
      },
      // R-RETENTION-ACCESS-LOG, R-PRIVACY-*: its retention on start and daily, its part on request.
      () => privacy.job().start(),
      () => servePrivacy(ctx.nc, PRIVACY_RPC_SUBJECTS.identity, 'identity', privacy, ctx.logger),
    ],
    onStarted: async () => {
      // R-TOTP-KEY: stored TOTP secrets of an older release move to IDENTITY_SECRET's key.
      const resealed = await accounts.twoStep.resealLegacy();
      if (resealed > 0) ctx.logger.info({ resealed }, 'TOTP secrets sealed under IDENTITY_SECRET');
      await bootstrapAdmins(ctx, accounts);
    },
  });
});
