import {
  packageVersion,
  startService,
  type RunningService,
  type StartOptions,
} from '@nsa/service-kit';
import { migrations } from '../migrations/index.js';
import { mountRoutes } from './entry-points/http/routes.js';

let running: RunningService | undefined;

export async function start(opts: StartOptions = {}): Promise<RunningService> {
  running = await startService(
    {
      name: 'catalog',
      version: packageVersion(import.meta.url),
      migrations,
      routes: mountRoutes,
    },
    opts,
  );
  return running;
}

export async function stop(): Promise<void> {
  await running?.stop();
  running = undefined;
}
