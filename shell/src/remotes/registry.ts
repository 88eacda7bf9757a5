import { registerRemotes } from '@module-federation/enhanced/runtime';
import { parseRegistry, REGISTRY_URL, type Registry, type RemoteName } from './parse-registry';

export { REGISTRY_URL, REMOTE_NAMES, type Registry, type RemoteName } from './parse-registry';

async function fetchRegistry(): Promise<Registry> {
  const url = new URL(REGISTRY_URL, document.baseURI).href;
  // The registry is the version pointer of every remote: always revalidate it.
  const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${REGISTRY_URL}: ${response.status}`);
  return parseRegistry(await response.json(), url);
}

let loading: Promise<Registry> | null = null;

/** Fetches the registry once and registers its remotes; a failure is retried on the next call. */
export function loadRegistry(): Promise<Registry> {
  loading ??= fetchRegistry().then(
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
    registry = await fetchRegistry();
    loading = Promise.resolve(registry);
  } catch {
    registry = (await loading?.catch(() => null)) ?? null;
  }
  const entry = registry?.[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
