import {
  packageVersion,
  startService,
  type RunningService,
  type StartOptions,
} from '@nsa/service-kit';
import { migrations } from '../migrations/index.js';
import { notifyConfigSchema } from './config.js';
import { Mailer } from './domain/mailer.js';
import { notifyConsumers } from './entry-points/messaging/consumers.js';

let running: RunningService | undefined;

export async function start(opts: StartOptions = {}): Promise<RunningService> {
  let mailer: Mailer | undefined;
  running = await startService(
    {
      name: 'notify',
      version: packageVersion(import.meta.url),
      configSchema: notifyConfigSchema,
      migrations,
      consumers: (ctx) => notifyConsumers((mailer = new Mailer(ctx))),
      background: () => [mailer!.start()],
      healthDetails: async () => ({ failedDeliveries: await mailer!.deliveries.countFailed() }),
    },
    opts,
  );
  return running;
}

export async function stop(): Promise<void> {
  await running?.stop();
  running = undefined;
}
