// Hands the remotes this page's copy of the federation SDK and error codes.
// Each remoteEntry.js bundles the per-container part of the federation
// runtime, which needs these two stateless packages (about 5 KiB gzip); the
// remotes' production builds take them from these globals instead
// (packages/web-kit/rspack-remote.mjs, FEDERATION_GLOBALS), as they already
// take runtime-core from the shell (experiments.externalRuntime). Also the
// webpack bundler runtime's functions that act on the container they are given
// (packages/web-kit/src/federation/bundler-runtime.cjs, about 4 KiB gzip).
//
// CommonJS on purpose: require() resolves to the same files the federation
// runtime itself requires, so the shell bundles no second copy.
/* eslint-disable @typescript-eslint/no-require-imports */
const sdk = require('@module-federation/sdk');
const errorCodes = require('@module-federation/error-codes');
const bundlerRuntime = require('@module-federation/webpack-bundler-runtime');

globalThis.__NSA_FEDERATION_SDK__ = sdk;
globalThis.__NSA_FEDERATION_ERROR_CODES__ = errorCodes;
globalThis.__NSA_FEDERATION_BUNDLER_RUNTIME__ = {
  bundlerRuntime: bundlerRuntime.bundlerRuntime,
  attachShareScopeMap: bundlerRuntime.attachShareScopeMap,
};

module.exports = function provideFederationSdkPlugin() {
  return { name: 'shell-provide-federation-sdk' };
};
