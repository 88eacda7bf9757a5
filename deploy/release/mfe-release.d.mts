export type RemoteName = 'public' | 'admin' | 'provider';

export const REMOTES: readonly RemoteName[];
export const VERSION_PATTERN: RegExp;
export const repoRoot: string;

export class ReleaseError extends Error {}

export function remoteName(value: string): RemoteName;

export function resolveLocations(
  opts?: { dataDir?: string; root?: string; registry?: string },
  env?: NodeJS.ProcessEnv,
): { releasesRoot: string; registryFile: string };

export function treeHash(dir: string): string;
export function writeAtomic(file: string, text: string): void;

export interface ReleaseResult {
  name: RemoteName;
  version: string;
  /** The registry entry now: <baseUrl>/<name>/<version>/mf-manifest.json */
  url: string;
  previous: string;
  changed: boolean;
  /** Where the files were published (absent with copy: false). */
  dir?: string;
}

export function releaseRemote(opts: {
  name: string;
  /** Default: the remote's dist/. */
  from?: string;
  /** Default: <package version>-<hash of the build>. */
  version?: string;
  releasesRoot?: string;
  registryFile: string;
  /** Default /mfe; a CDN origin such as https://cdn.example/mfe works too. */
  baseUrl?: string;
  /** false: only switch the registry (the files are served elsewhere). */
  copy?: boolean;
}): ReleaseResult;

export function rollbackRemote(opts: { name: string; registryFile: string }): {
  name: RemoteName;
  from: string;
  to: string;
};

export function releaseStatus(opts: {
  registryFile: string;
  releasesRoot?: string;
}): Record<RemoteName, { current?: string; history: string[]; published: string[] }>;

export function main(argv?: string[], log?: (line: string) => void): number;
