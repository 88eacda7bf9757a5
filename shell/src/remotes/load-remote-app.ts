import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { loadRegistry, type RemoteName } from './registry';

export type RemoteModule = { default: ComponentType };

/** Loads `<remote>/App`, the one module every remote exposes. */
export async function loadRemoteApp(name: RemoteName): Promise<RemoteModule> {
  const registry = await loadRegistry();
  if (!registry[name]) throw new Error(`${name} is not in the micro-frontend registry`);
  const module = await loadRemote<Partial<RemoteModule>>(`${name}/App`);
  if (typeof module?.default !== 'function') {
    throw new Error(`${name}/App has no default export component`);
  }
  return { default: module.default };
}
