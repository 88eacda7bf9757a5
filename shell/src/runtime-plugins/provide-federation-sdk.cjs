// Hands the remotes this page's copy of the federation SDK and error codes.
// Each remoteEntry.js bundles the per-container part of the federation
// runtime, which needs these two stateless packages (about 5 KiB gzip); the
// remotes' production builds take them from these globals instead
// (packages/web-kit/rspack-remote.mjs, FEDERATION_GLOBALS), as they already
// take runtime-core from the shell (experiments.externalRuntime).
//
// CommonJS on purpose: require() resolves to the same files the federation
// runtime itself requires, so the shell bundles no second copy.
/* eslint-disable @typescript-eslint/no-require-imports */
const sdk = require('@module-federation/sdk');
const errorCodes = require('@module-federation/error-codes');

globalThis.__NSA_FEDERATION_SDK__ = sdk;
globalThis.__NSA_FEDERATION_ERROR_CODES__ = errorCodes;

module.exports = function provideFederationSdkPlugin() {
  return { name: 'shell-provide-federation-sdk' };
};
