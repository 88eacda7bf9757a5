import { preloadRemote } from '@module-federation/enhanced/runtime';
import { loadRegistry } from './registry';
import { remoteToPreload } from './route-remotes';

/**
 * Runs first thing in the shell's first script: fetches the registry and then
 * the manifest, remoteEntry.js and the exposed App's files of the remote that
 * owns the page, while the shell's own chunks (React, the router, …) are still
 * downloading. Nothing of the remote runs here: its module is evaluated when
 * the route renders, as before. A failure is left to that render, which shows
 * the error and the retry button.
 */
export function preloadRouteRemote(pathname: string): void {
  const registry = loadRegistry();
  const remote = remoteToPreload(pathname);
  registry
    .then((entries) =>
      remote && entries[remote]
        ? // share: false, the shell provides every shared package itself.
          preloadRemote([{ nameOrAlias: remote, exposes: ['./App'], share: false }])
        : undefined,
    )
    .catch(() => undefined);
}
