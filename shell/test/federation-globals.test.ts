/// <reference types="node" />
import { readFileSync } from 'node:fs';
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
