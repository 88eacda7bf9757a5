/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { FEDERATION_GLOBALS } from '@nsa/web-kit/rspack-remote';

it('the shell sets every global the remotes take the federation SDK from', () => {
  const plugin = readFileSync(
    new URL('../src/runtime-plugins/provide-federation-sdk.cjs', import.meta.url),
    'utf8',
  );
  for (const [pkg, global] of Object.entries(FEDERATION_GLOBALS)) {
    expect(plugin).toContain(`require('${pkg}')`);
    expect(plugin).toMatch(new RegExp(`globalThis\\.${global} = `));
  }
});

it('the remotes’ bundler runtime takes the shell’s functions and keeps its own state', () => {
  const require = createRequire(import.meta.url);
  require('../src/runtime-plugins/provide-federation-sdk.cjs');
  const provided = (globalThis as { __NSA_FEDERATION_BUNDLER_RUNTIME__?: Provided })
    .__NSA_FEDERATION_BUNDLER_RUNTIME__;
  for (const name of ['consumes', 'I', 'installInitialConsumes', 'remotes'] as const) {
    expect(typeof provided?.bundlerRuntime[name], name).toBe('function');
  }
  const shim = fileURLToPath(
    new URL('../../packages/web-kit/src/federation/bundler-runtime.cjs', import.meta.url),
  );
  const load = () => {
    delete require.cache[shim];
    return (require(shim) as { default: Federation }).default;
  };
  const [a, b] = [load(), load()];
  // Its own init (whose instance the remote's runtime module keeps) and initContainerEntry,
  // which the shell, a pure consumer, is built without.
  expect(typeof a.bundlerRuntime.init).toBe('function');
  expect(typeof a.bundlerRuntime.initContainerEntry).toBe('function');
  expect(a.bundlerRuntime.consumes).toBe(provided?.bundlerRuntime.consumes);
  expect(a.bundlerRuntime.S).not.toBe(b.bundlerRuntime.S);
  expect(a.bundlerRuntime.S).not.toBe(provided?.bundlerRuntime.S);
  expect(a.bundlerRuntimeOptions).not.toBe(b.bundlerRuntimeOptions);
  expect(a.instance).toBeUndefined();
  expect(a.initOptions).toBeUndefined();
});

type Functions = Record<string, unknown> & { S: object };
interface Provided {
  bundlerRuntime: Functions;
}
interface Federation {
  bundlerRuntime: Functions;
  bundlerRuntimeOptions: object;
  instance: unknown;
  initOptions: unknown;
}
