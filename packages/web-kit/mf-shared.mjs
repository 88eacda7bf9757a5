// The one place that decides what the shell and the remotes share at run time.
// Every rspack.config.ts spreads `federationSharing()` into its
// ModuleFederationPlugin options, so all four apps always agree.
import { readFileSync } from 'node:fs';

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

// Sharing must never wait for a remote that is down: use what is already
// loaded (the shell's copies) instead of looking for the highest version.
export const SHARE_STRATEGY = 'loaded-first';

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
    shared[name] = { singleton: true, requiredVersion: version(name) };
  }
  for (const [prefix, pkg] of Object.entries(PREFIXES)) {
    shared[prefix] = { singleton: true, requiredVersion: version(pkg) };
  }
  return shared;
}

/** `shared` and `shareStrategy` together, ready to spread into the plugin options. */
export function federationSharing(appPackageJson) {
  return { shared: sharedMap(appPackageJson), shareStrategy: SHARE_STRATEGY };
}
