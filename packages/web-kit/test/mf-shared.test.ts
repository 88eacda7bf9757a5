/// <reference types="node" />
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { federationSharing, SHARE_RUNTIME_PLUGIN, sharedMap } from '../mf-shared.mjs';
import singletonSharePlugin from '../src/runtime-plugins/singleton-share';

function appPackage(dependencies: Record<string, string>): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mf-shared-')), 'package.json');
  writeFileSync(file, JSON.stringify({ name: 'app', dependencies }));
  return file;
}

describe('what the apps share', () => {
  it('shares React, the router, react-query and i18next as singletons', () => {
    const shared = sharedMap();
    expect(Object.keys(shared).sort()).toEqual([
      '@tanstack/react-query',
      'i18next',
      'react',
      'react-dom',
      'react-dom/',
      'react-i18next',
      'react-router-dom',
      'react/',
    ]);
    for (const item of Object.values(shared)) expect(item.singleton).toBe(true);
  });

  it('leaves no version range for the federation runtime to check on the main thread', () => {
    for (const item of Object.values(sharedMap())) expect(item.requiredVersion).toBe(false);
  });

  it('shares a facade under the version web-kit pins', () => {
    expect(sharedMap()['react-router-dom']?.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('takes the shell’s copies first: never waits for a remote', () => {
    expect(federationSharing().shareStrategy).toBe('loaded-first');
  });

  it('gives every app the sharing runtime plugin', () => {
    expect(federationSharing().runtimePlugins).toEqual([SHARE_RUNTIME_PLUGIN]);
    expect(existsSync(SHARE_RUNTIME_PLUGIN)).toBe(true);
  });

  it('fails the build of an app that pins another version than web-kit', () => {
    expect(() => sharedMap(appPackage({ react: '18.0.0' }))).toThrow(
      /react is 18\.0\.0 in the app but/,
    );
    expect(() => sharedMap(appPackage({ i18next: '1.0.0' }))).toThrow(/i18next is 1\.0\.0/);
  });

  it('accepts an app that pins what web-kit pins', () => {
    const pins = sharedMap();
    expect(Object.keys(sharedMap(appPackage({})))).toEqual(Object.keys(pins));
  });
});

describe('the sharing runtime plugin', () => {
  type Args = Parameters<NonNullable<ReturnType<typeof singletonSharePlugin>['resolveShare']>>[0];
  const shellReact = { version: '19.3.1', from: 'shell' };
  const args = (shareConfig: Record<string, unknown>): Args =>
    ({
      shareScopeMap: { default: { react: { '19.3.1': shellReact } } },
      scope: 'default',
      pkgName: 'react',
      version: '19.3.1',
      shareInfo: { shareConfig },
      GlobalFederation: {},
      resolver: () => undefined,
    }) as unknown as Args;
  const resolve = (a: Args) => singletonSharePlugin().resolveShare!(a) as Args;

  it('hands a singleton without a range the copy the share scope picked, unchecked', () => {
    for (const requiredVersion of [false, '*']) {
      expect(resolve(args({ singleton: true, requiredVersion })).resolver()).toEqual({
        shared: shellReact,
        useTreesShaking: false,
      });
    }
  });

  it('leaves a real range, and a module that is no singleton, to the runtime', () => {
    const ranged = args({ singleton: true, requiredVersion: '^19.0.0' });
    expect(resolve(ranged)).toBe(ranged);
    const notSingleton = args({ singleton: false, requiredVersion: false });
    expect(resolve(notSingleton)).toBe(notSingleton);
  });
});
