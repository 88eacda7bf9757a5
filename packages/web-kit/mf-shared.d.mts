export interface SharedItem {
  singleton: true;
  /** Not checked at run time: the build checks every app's pins instead. */
  requiredVersion: false;
  /** A facade module shared under the package's name (src/shared/). */
  import?: string;
  version?: string;
}
export declare function sharedMap(appPackageJson?: URL | string): Record<string, SharedItem>;
export declare function sharedAliases(): Record<string, string>;
/** The path of the federation runtime plugin every app uses for sharing. */
export declare const SHARE_RUNTIME_PLUGIN: string;
export declare function federationSharing(appPackageJson?: URL | string): {
  shared: Record<string, SharedItem>;
  shareStrategy: 'loaded-first';
  runtimePlugins: string[];
};
