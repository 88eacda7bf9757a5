import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { which } from '@nsa/local-infra';

/** The monorepo root: the nearest directory above this file whose package.json has workspaces. */
export function findRepoRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && 'workspaces' in JSON.parse(fs.readFileSync(pkg, 'utf8'))) return dir;
    if (dir === path.dirname(dir)) throw new Error('repository root not found');
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Fails with every busy port named after the variable that moves it. */
export async function assertPortsFree(ports: Record<string, number>): Promise<void> {
  const busy: string[] = [];
  for (const [name, port] of Object.entries(ports)) {
    if (!(await isFree(port))) busy.push(`${port} (${name})`);
  }
  if (busy.length > 0) {
    throw new Error(
      `port ${busy.join(', ')} already in use on 127.0.0.1: another program holds it; ` +
        'set that variable, or choose another GATEWAY_PORT (internal ports derive from it)',
    );
  }
}

export function nginxBinary(): string {
  const bin = which('nginx') ?? ['/usr/sbin/nginx'].find((p) => fs.existsSync(p));
  if (!bin) throw new Error('nginx not found: apt-get install -y nginx');
  return bin;
}

/** maildev's CLI, found the way Node finds packages: node_modules upwards from here. */
export function maildevScript(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const pkgFile = path.join(dir, 'node_modules', 'maildev', 'package.json');
    if (fs.existsSync(pkgFile)) {
      const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { bin?: Record<string, string> };
      const bin = pkg.bin?.maildev;
      if (bin) return path.join(path.dirname(pkgFile), bin);
    }
    if (dir === path.dirname(dir)) throw new Error('maildev is not installed (npm ci)');
  }
}

/** Rejects as soon as the signal aborts, so a Ctrl-C during start-up is not kept waiting. */
export function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new Error('start-up aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('start-up aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** The launcher's environment minus what a test runner adds, as the base for every child. */
export function childBaseEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([k]) => !/^(__)?VITEST|^VITE_|^TINYPOOL/.test(k)),
  );
}
