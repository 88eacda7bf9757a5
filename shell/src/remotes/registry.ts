import { registerRemotes } from '@module-federation/enhanced/runtime';
import { parseRegistry, REGISTRY_URL, type Registry, type RemoteName } from './parse-registry';

export { REGISTRY_URL, REMOTE_NAMES, type Registry, type RemoteName } from './parse-registry';

/**
 * The registry is the version pointer of every remote, so it is never taken
 * from the cache unchecked: the gateway serves it with `Cache-Control:
 * no-cache`. The first fetch uses the default cache mode so that it gets the
 * response index.html preloads; a retry also asks for revalidation itself.
 */
async function fetchRegistry(revalidate: boolean): Promise<Registry> {
  const url = new URL(REGISTRY_URL, document.baseURI).href;
  const response = await fetch(url, {
    cache: revalidate ? 'no-cache' : 'default',
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`${REGISTRY_URL}: ${response.status}`);
  return parseRegistry(await response.json(), url);
}

let loading: Promise<Registry> | null = null;

/** Fetches the registry once and registers its remotes; a failure is retried on the next call. */
export function loadRegistry(): Promise<Registry> {
  loading ??= fetchRegistry(false).then(
    (registry) => {
      registerRemotes(Object.entries(registry).map(([name, entry]) => ({ name, entry })));
      return registry;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Forgets whatever the federation runtime cached for a remote (manifest,
 * container, pending loads) and reads the registry again, so a retry picks up
 * a remote that was re-published or rolled back since the page loaded.
 */
export async function forgetRemote(name: RemoteName): Promise<void> {
  let registry: Registry | null;
  try {
    registry = await fetchRegistry(true);
    loading = Promise.resolve(registry);
  } catch {
    registry = (await loading?.catch(() => null)) ?? null;
  }
  const entry = registry?.[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
