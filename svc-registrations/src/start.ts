import {
  packageVersion,
  startService,
  type RunningService,
  type StartOptions,
} from '@nsa/service-kit';
import { migrations } from '../migrations/index.js';
import { registrationsConfigSchema } from './config.js';
import { mountRoutes } from './entry-points/http/routes.js';
import { catalogConsumer } from './entry-points/messaging/catalog-consumer.js';
import { notifyConsumer } from './entry-points/messaging/notify-consumer.js';
import { startResponders } from './entry-points/messaging/rpc.js';

let running: RunningService | undefined;

export async function start(opts: StartOptions = {}): Promise<RunningService> {
  running = await startService(
    {
      name: 'registrations',
      version: packageVersion(import.meta.url),
      configSchema: registrationsConfigSchema,
      migrations,
      routes: mountRoutes,
      consumers: (ctx) => [catalogConsumer(ctx), notifyConsumer(ctx)],
      background: (ctx) => [startResponders(ctx)],
    },
    opts,
  );
  return running;
}

export async function stop(): Promise<void> {
  await running?.stop();
  running = undefined;
}
