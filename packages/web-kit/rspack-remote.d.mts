import type { Configuration } from '@rspack/core';
export declare function appConfig(app: { name: string; packageDir: URL }): Configuration & {
  output: NonNullable<Configuration['output']>;
};
export declare function remoteConfig(remote: {
  name: string;
  devPort: number;
  packageDir: URL;
}): Configuration;
export declare const FEDERATION_GLOBALS: Record<string, string>;
