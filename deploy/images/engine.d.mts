export interface Engine {
  name: 'podman' | 'docker';
  bin: string;
  globalArgs: string[];
  buildArgs: string[];
  env: NodeJS.ProcessEnv;
}
export interface RunResult {
  status: number;
  stdout: string;
  stderr: string;
}
export const repoRoot: string;
export const workDir: string;
export function which(name: string): string | undefined;
export function detectEngine(): Engine | undefined;
export function run(
  engine: Engine,
  args: string[],
  opts?: { allowFail?: boolean; inherit?: boolean; timeoutMs?: number; input?: string },
): RunResult;
export function imageExists(engine: Engine, ref: string): boolean;
export function imageSize(engine: Engine, ref: string): number;
export const IMAGES: {
  name: string;
  kind: 'service' | 'static';
  /** deploy/images/<dockerfile>.Dockerfile */
  dockerfile: string;
  buildArgs: Record<string, string>;
}[];
export function productVersion(): string;
export function imageTag(name: string, version?: string): string;
