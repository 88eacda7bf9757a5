import type { JsonSchema } from './schema-compat.mjs';

export const repoRoot: string;
export const releasesDir: string;
export const SERVICES: Record<string, { name: string; api?: string }>;
export const VERSION_PATTERN: RegExp;

export class ReleaseError extends Error {}

export function servicePackage(value: string): string;

export function jsonSchema(schema: unknown, io: 'input' | 'output'): Record<string, unknown>;
export function both(schema: unknown): { input: JsonSchema; output?: JsonSchema };

export interface Snapshot {
  commit?: string;
  envelope: { input: JsonSchema; output?: JsonSchema };
  events: Record<string, { input: JsonSchema; output?: JsonSchema }>;
  rpc: Record<string, Record<'request' | 'reply', { input: JsonSchema; output?: JsonSchema }>>;
  http: Record<string, Record<string, Record<string, unknown>>>;
  speaks: Record<string, { events: string[]; rpc: string[] }>;
}

export function schemaSnapshot(tree?: string): Promise<Snapshot>;
export function breakingChanges(pkg: string, last: Snapshot, current: Snapshot): string[];

export interface Release {
  version: string;
  commit: string;
  date: string;
  /** The snapshot's file, relative to the releases directory. */
  schemas: string;
}

export function readReleases(pkg: string, dir?: string): { package: string; releases: Release[] };
export function lastRelease(pkg: string, dir?: string): Release | undefined;
export function readSnapshot(release: Release, dir?: string): Snapshot;
export function nextVersion(pkgVersion: string, released: Release[], requested?: string): string;

export function releaseService(opts: {
  package: string;
  version?: string;
  commit?: string;
  date?: string;
  releasesDir?: string;
}): Promise<{
  package: string;
  version: string;
  commit: string;
  date: string;
  schemas: string;
  previous?: Release;
}>;

export function checkCompat(opts?: {
  releasesDir?: string;
  tree?: string;
}): Promise<Array<{ package: string; version?: string; changes: string[] }>>;

export function main(argv: string[], log?: Pick<Console, 'log' | 'error'>): Promise<number>;
