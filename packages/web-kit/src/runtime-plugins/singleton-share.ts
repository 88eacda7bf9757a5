import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * A federation runtime plugin of the shell and of every remote (mf-shared.mjs). The shared
 * packages are singletons without a version range, so the copy the share scope picked (the
 * shell's, loaded first) is the one every consumer gets. The runtime's own resolver gives the
 * same answer, but only after a semver check against the range "*" for each consumer (a
 * regular expression built and run per call, on the main thread before the first render);
 * this resolver skips that check. A real range would still be
 * checked by the runtime as before.
 */
export default function singletonSharePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'nsa-singleton-share',
    resolveShare(args) {
      const config = args.shareInfo.shareConfig;
      const range = config?.requiredVersion;
      if (!config?.singleton || (range !== false && range !== '*')) return args;
      const shared = args.shareScopeMap[args.scope]?.[args.pkgName]?.[args.version];
      if (!shared) return args;
      return { ...args, resolver: () => ({ shared, useTreesShaking: false }) };
    },
  };
}
