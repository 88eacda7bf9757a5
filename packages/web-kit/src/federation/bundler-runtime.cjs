// A remote's @module-federation/webpack-bundler-runtime in production builds
// (packages/web-kit/rspack-remote.mjs swaps it in). Its functions that only act on the
// container they are given (consumes, sharing, remotes) come from the shell's copy
// (shell/src/runtime-plugins/provide-federation-sdk.cjs), as runtime-core and the SDK do;
// what holds a container's own state stays the remote's: the @module-federation/runtime
// module (its init keeps the one instance the module's loadRemote uses), init and
// initContainerEntry (which a pure consumer such as the shell is built without), and a
// fresh federation object, share scope and options. About 4 KiB gzip less per remote.
//
// CommonJS like the module it replaces, so the container's runtime imports it the same way.
/* eslint-disable @typescript-eslint/no-require-imports */
const runtime = require('@module-federation/runtime');
const { init } = require('@module-federation/webpack-bundler-runtime/dist/init.cjs');
const {
  initContainerEntry,
} = require('@module-federation/webpack-bundler-runtime/dist/initContainerEntry.cjs');

const shell = globalThis.__NSA_FEDERATION_BUNDLER_RUNTIME__;
if (!shell) throw new Error('The shell provides no federation bundler runtime');

exports.__esModule = true;
exports.default = {
  runtime,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...shell.bundlerRuntime, S: {}, init, initContainerEntry },
  attachShareScopeMap: shell.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
