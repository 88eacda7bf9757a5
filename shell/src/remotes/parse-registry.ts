// Pure parsing, kept apart from the federation runtime so it can be unit tested.

import { REMOTE_NAMES, type RemoteName } from '@nsa/web-kit/routes';

// The remotes are those of the route table.
export { REMOTE_NAMES, type RemoteName };
export type Registry = Partial<Record<RemoteName, string>>;

export const REGISTRY_URL = '/mfe-registry.json';

/**
 * Reads `{name: manifestUrl}`; relative URLs are resolved against the
 * registry's own URL so a registry can point at versioned folders.
 */
export function parseRegistry(json: unknown, registryUrl: string): Registry {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new Error('mfe-registry.json must be an object of remote name to manifest URL');
  }
  const registry: Registry = {};
  for (const name of REMOTE_NAMES) {
    const entry = (json as Record<string, unknown>)[name];
    if (entry === undefined) continue;
    if (typeof entry !== 'string' || entry === '') {
      throw new Error(`mfe-registry.json: ${name} must be a manifest URL`);
    }
    registry[name] = new URL(entry, registryUrl).href;
  }
  return registry;
}
