// The one place that decides what the shell and the remotes share at run time.
// Every rspack.config.ts spreads `federationSharing()` into its
// ModuleFederationPlugin options, so all four apps always agree.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
];

// Prefix keys: without them react/jsx-runtime and react-dom/client would be
// bundled privately by each app and React would run twice.
const PREFIXES = { 'react/': 'react', 'react-dom/': 'react-dom' };

// Shared under the package's name, but built from a module of ours that
// re-exports only what the apps use (src/shared/). A shared module is bundled
// whole, because any remote might use any export; these lists let the build
// drop the rest (bench/README.md, "The first load"). The version stays the
// package's.
const facade = (name) => fileURLToPath(new URL(`./src/shared/${name}.ts`, import.meta.url));
const IMPORTS = {
  'react-router-dom': facade('react-router-dom'),
  'react-i18next': facade('react-i18next'),
  '@tanstack/react-query': facade('react-query'),
};

// A facade importing its own package by name would be handed the shared
// module, i.e. itself; it imports the package under this other name instead.
const UNSHARED_PREFIX = '@nsa/unshared/';
const UNSHARED = ['react-i18next', '@tanstack/react-query'];

/** resolve.alias entries for the facades and the packages they use. */
export function sharedAliases() {
  return {
    ...Object.fromEntries(
      UNSHARED.map((name) => [
        `${UNSHARED_PREFIX}${name}$`,
        fileURLToPath(import.meta.resolve(name)),
      ]),
    ),
    // React Router ships a production build (no development warnings) next to
    // the development one, but no export condition selects it.
    'react-router$': fileURLToPath(
      import.meta.resolve('react-router').replace('/dist/development/', '/dist/production/'),
    ),
    // React 19 has useSyncExternalStore built in: no need for the shim's copy.
    'use-sync-external-store/shim$': facade('use-sync-external-store-shim'),
  };
}

// Sharing must never wait for a remote that is down: use what is already
// loaded (the shell's copies) instead of looking for the highest version.
const SHARE_STRATEGY = 'loaded-first';

// No version range for the federation runtime to check. Every app pins the
// same exact versions as web-kit (sharedMap fails the build otherwise), and a
// singleton is used whatever its version: a range only ever produced a console
// warning. Checking it cost each consumer of a shared module a semver parse
// (regular expressions built and run per check) on the main thread before the
// first render.
const REQUIRED_VERSION = false;

function readJson(url) {
  return JSON.parse(readFileSync(url, 'utf8'));
}

const EXACT = /^\d+\.\d+\.\d+$/;

/**
 * @param {URL | string} [appPackageJson] the app's package.json; when given,
 *   a version that differs from web-kit's pin fails the build instead of
 *   shipping a second React.
 */
export function sharedMap(appPackageJson) {
  const pins = readJson(new URL('./package.json', import.meta.url)).dependencies;
  const app = appPackageJson ? (readJson(appPackageJson).dependencies ?? {}) : {};
  const version = (name) => {
    const pinned = pins[name];
    if (!pinned || !EXACT.test(pinned)) {
      throw new Error(
        `mf-shared: ${name} must be pinned to an exact version in web-kit's package.json`,
      );
    }
    if (app[name] !== undefined && app[name] !== pinned) {
      throw new Error(`mf-shared: ${name} is ${app[name]} in the app but ${pinned} in web-kit`);
    }
    return pinned;
  };

  const shared = {};
  for (const name of SINGLETONS) {
    const pinned = version(name);
    shared[name] = { singleton: true, requiredVersion: REQUIRED_VERSION };
    if (IMPORTS[name]) {
      shared[name] = { ...shared[name], import: IMPORTS[name], version: pinned };
    }
  }
  for (const [prefix, pkg] of Object.entries(PREFIXES)) {
    version(pkg);
    shared[prefix] = { singleton: true, requiredVersion: REQUIRED_VERSION };
  }
  return shared;
}

// The federation runtime plugin that hands a singleton to its consumers without
// the semver check its default resolver runs even for no range (see the file).
export const SHARE_RUNTIME_PLUGIN = fileURLToPath(
  new URL('./src/runtime-plugins/singleton-share.ts', import.meta.url),
);

/**
 * `shared`, `shareStrategy` and the sharing runtime plugin, ready to spread into the
 * plugin options (an app with runtime plugins of its own lists this one too).
 */
export function federationSharing(appPackageJson) {
  return {
    shared: sharedMap(appPackageJson),
    shareStrategy: SHARE_STRATEGY,
    runtimePlugins: [SHARE_RUNTIME_PLUGIN],
  };
}
