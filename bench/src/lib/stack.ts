// A private stack of the whole product for one tool run: its own gateway port, a fresh
// DATA_DIR in a temporary directory, rate limits off, no demo data, and a bootstrap admin.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  killLeftovers,
  pidsDir,
  startStack,
  type Stack,
  type StartStackOptions,
} from 'deploy/stack';
import { SERVICE_NAMES, type ServiceName } from '@nsa/contracts';
import { ensureServiceDatabase, existingAdminUrl } from '@nsa/local-infra';

export const ADMIN = {
  email: 'bench-admin@school.nl',
  password: 'Bench-Wachtwoord-2024!',
  name: 'Bench Beheerder',
} as const;

/** R-PLATFORM-ACCOUNTS: the platform administrator a stack of the tools may be given. */
export const PLATFORM_ADMIN = {
  email: 'bench-platform@beheer.example',
  password: 'Bench-Platform-2024!',
} as const;

/** The services' names (the table of services in packages/contracts). */
export const SERVICES = SERVICE_NAMES;
export type { ServiceName };

/** bench/ (from src/lib and from dist/bench/src/lib alike). */
export const benchRoot = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
})();
export const repoRoot = path.resolve(benchRoot, '..');

export interface BenchStack {
  stack: Stack;
  /** http://127.0.0.1:PORT: the gateway, for API calls (nginx listens on IPv4 only). */
  api: string;
  /** http://localhost:PORT: the product's public origin, for the browser. */
  web: string;
  port: number;
  dataDir: string;
  /** PostgreSQL superuser URL of the stack's cluster. */
  adminDbUrl: string;
  /** Lines the launcher printed (services' notable lines included). */
  lines: string[];
  /**
   * The pid in DATA_DIR/pids/<name>.pid (`catalog` for `catalog-1`), or undefined while it is
   * being restarted.
   */
  pid(name: string): number | undefined;
  serviceDbUrl(service: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startBenchStack(opts: {
  port: number;
  env?: Record<string, string>;
  quiet?: boolean;
  postgresSettings?: string[];
  /** Services run from another checkout's build (see StartStackOptions.serviceRoots). */
  serviceRoots?: StartStackOptions['serviceRoots'];
  /**
   * The data of an earlier stack to start on again, kept after stop; by default a fresh
   * temporary directory, removed on stop.
   */
  dataDir?: string;
}): Promise<BenchStack> {
  const ownData = !opts.dataDir;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'nsa-bench-'));
  const web = `http://localhost:${opts.port}`;
  const lines: string[] = [];
  const log = (line: string) => {
    lines.push(line);
    if (lines.length > 2000) lines.shift();
    if (!opts.quiet && / (ERROR|FATAL) |exited unexpectedly|restarting/.test(line)) {
      process.stdout.write(`[stack] ${line}\n`);
    }
  };
  let stack: Stack;
  // Ctrl-C while the stack starts: startStack stops what it started, then rejects.
  const starting = new AbortController();
  const abortStart = () => starting.abort();
  process.once('SIGINT', abortStart);
  process.once('SIGTERM', abortStart);
  try {
    stack = await startStack({
      signal: starting.signal,
      gatewayPort: opts.port,
      dataDir,
      repoRoot,
      log,
      healthTimeoutMs: 150_000,
      postgresSettings: opts.postgresSettings,
      serviceRoots: opts.serviceRoots,
      env: {
        // Whatever the calling shell has set, the stack is this one.
        GATEWAY_PORT: String(opts.port),
        DATA_DIR: dataDir,
        PUBLIC_BASE_URL: web,
        DATABASE_URL: '',
        NATS_URL: '',
        SMTP_URL: '',
        SESSION_SECRET: '',
        DEMO_DATA: '0',
        LOGIN_RATE_LIMIT: '0',
        SIGNUP_RATE_LIMIT: '0',
        BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
        BOOTSTRAP_ADMIN_NAME: ADMIN.name,
        ...opts.env,
      },
    });
  } catch (err) {
    const tail = lines.slice(-20).join('\n  ');
    killLeftovers(dataDir);
    if (ownData) fs.rmSync(dataDir, { recursive: true, force: true });
    if (starting.signal.aborted) process.exit(130);
    throw new Error(`stack did not start: ${(err as Error).message}\n  ${tail}`, { cause: err });
  }
  process.off('SIGINT', abortStart);
  process.off('SIGTERM', abortStart);
  const adminDbUrl = existingAdminUrl(path.join(dataDir, 'postgres', 'data'), stack.ports.postgres);
  const onExit = () => killLeftovers(dataDir);
  process.on('exit', onExit);
  // Ctrl-C or a kill of the tool: stop the stack as at the end, then exit.
  const onSignal = (signal: NodeJS.Signals) => {
    process.stdout.write(`[stack] ${signal}: stopping the stack\n`);
    setTimeout(() => process.exit(130), 20_000).unref();
    void stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    try {
      await stack.stop();
    } finally {
      killLeftovers(dataDir);
      process.off('exit', onExit);
      if (!ownData) {
        // the caller's directory, kept for its next start
      } else if (process.env.BENCH_KEEP_DATA === '1') console.log(`data kept in ${dataDir}`);
      else fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  return {
    stack,
    api: `http://127.0.0.1:${opts.port}`,
    web,
    port: opts.port,
    dataDir,
    adminDbUrl,
    lines,
    pid: (name) => readPid(dataDir, name),
    serviceDbUrl: (service) => ensureServiceDatabase(adminDbUrl, service),
    stop,
  };
}

/** `catalog` means its first process, `catalog-1`; `catalog-2` names the second. */
function processName(name: string): string {
  return /-\d+$/.test(name) ? name : `${name}-1`;
}

export function readPid(dataDir: string, name: string): number | undefined {
  try {
    const pid = Number(
      fs
        .readFileSync(path.join(pidsDir(dataDir), `${processName(name)}.pid`), 'utf8')
        .split('\n')[0],
    );
    return Number.isInteger(pid) && pid > 1 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** VmRSS of a process in MB (MiB), from /proc/<pid>/status. */
export function rssMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export function serviceRss(s: BenchStack): Record<ServiceName, number | undefined> {
  return Object.fromEntries(SERVICES.map((n) => [n, rssMb(s.pid(n))])) as Record<
    ServiceName,
    number | undefined
  >;
}
