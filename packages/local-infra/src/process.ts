import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sleep } from './ports.js';

export interface Managed {
  pid: number;
  name: string;
  /** Exit code, or null when the process ended by a signal. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<void>;
}

export interface SpawnManagedOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  logFile: string;
  uid?: number;
  gid?: number;
  /** Signal used by stop() when none is given (default SIGTERM). */
  stopSignal?: NodeJS.Signals;
  /**
   * Send the stop signal to the leader only, not the whole group. PostgreSQL needs this:
   * its auxiliary processes treat SIGINT/SIGTERM differently from the postmaster, and the
   * postmaster shuts them down in the right order itself.
   */
  signalLeaderOnly?: boolean;
  /**
   * Also hand each output line to this callback (for a console summary). The output then goes
   * through a pipe instead of straight to the file, so a child whose launcher died is not
   * left writing into the void forever.
   */
  onOutput?: (line: string, stream: 'stdout' | 'stderr') => void;
}

/**
 * Spawns `cmd` as the leader of a new process group (detached) so that stop() reaches every
 * process it forks, and so that a Ctrl-C on the launcher's terminal does not hit it directly:
 * the launcher decides the shutdown order.
 */
export function spawnManaged(
  name: string,
  cmd: string,
  args: string[],
  opts: SpawnManagedOptions,
): Managed {
  fs.mkdirSync(path.dirname(opts.logFile), { recursive: true });
  fs.appendFileSync(
    opts.logFile,
    `--- ${new Date().toISOString()} starting ${name}: ${[cmd, ...args].join(' ')}\n`,
  );
  const fd = fs.openSync(opts.logFile, 'a');
  let child;
  try {
    child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      detached: true,
      stdio: opts.onOutput ? ['ignore', 'pipe', 'pipe'] : ['ignore', fd, fd],
      uid: opts.uid,
      gid: opts.gid,
    });
  } finally {
    // The child holds its own copy of the descriptor.
    if (!opts.onOutput) fs.closeSync(fd);
  }
  if (opts.onOutput) teeOutput(child, fd, opts.onOutput);
  const pid = child.pid;
  if (pid === undefined) {
    child.on('error', () => undefined);
    throw new Error(`could not start ${name}: ${cmd} is missing or not executable`);
  }

  let done = false;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      done = true;
      resolve(code);
    });
    child.once('error', () => {
      done = true;
      resolve(null);
    });
  });
  // The launcher must not wait for children to exit before it may exit itself.
  child.unref();

  const stop = async (signal?: NodeJS.Signals, timeoutMs = 10_000): Promise<void> => {
    const sig = signal ?? opts.stopSignal ?? 'SIGTERM';
    if (!done) {
      signalProcess(opts.signalLeaderOnly ? pid : -pid, sig);
      const timer = sleep(timeoutMs).then(() => 'timeout' as const);
      if ((await Promise.race([exited, timer])) === 'timeout') {
        signalProcess(-pid, 'SIGKILL');
        await exited;
      }
    }
    await reapGroup(pid);
  };

  return { pid, name, exited, stop };
}

function teeOutput(
  child: ChildProcess,
  fd: number,
  onOutput: NonNullable<SpawnManagedOptions['onOutput']>,
): void {
  let open = 2;
  for (const stream of ['stdout', 'stderr'] as const) {
    const source = child[stream];
    if (!source) continue;
    let partial = '';
    source.setEncoding('utf8');
    source.on('data', (chunk: string) => {
      fs.writeSync(fd, chunk);
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onOutput(line, stream);
    });
    source.on('end', () => {
      if (partial) onOutput(partial, stream);
      if (--open === 0) fs.closeSync(fd);
    });
  }
}

/** Sends a signal; a process (group) that is already gone is not an error. */
export function signalProcess(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw err;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The leader can exit before the processes it forked (a worker that ignores the signal, a
 * grandchild); give them a moment, then kill what is left of the group.
 */
async function reapGroup(pgid: number): Promise<void> {
  for (let i = 0; i < 10; i++) {
    if (!signalProcess(-pgid, 0)) return;
    await sleep(50);
  }
  signalProcess(-pgid, 'SIGKILL');
  // Killed members stay visible as zombies until init reaps them.
  for (let i = 0; i < 40 && signalProcess(-pgid, 0); i++) await sleep(50);
}
