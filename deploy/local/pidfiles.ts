import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from '@nsa/local-infra';

/** Where the launcher keeps its pid files (R-RUN-REPLICAS: `$DATA_DIR/pids/<part>-<n>.pid`). */
export function pidsDir(dataDir: string): string {
  return path.join(dataDir, 'pids');
}

/**
 * Pid files under DATA_DIR/pids: one per process, first line the pid, second a piece of its
 * command line unique enough to tell our process from an unrelated one that reused the pid.
 */
export class PidFiles {
  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  write(name: string, pid: number, signature: string): void {
    fs.writeFileSync(path.join(this.dir, `${name}.pid`), `${pid}\n${signature}\n`);
  }

  remove(name: string): void {
    fs.rmSync(path.join(this.dir, `${name}.pid`), { force: true });
  }

  /** Processes from an earlier start on this data directory that still run. Stale files go. */
  survivors(): { name: string; pid: number }[] {
    const alive: { name: string; pid: number }[] = [];
    for (const file of fs.readdirSync(this.dir).filter((f) => f.endsWith('.pid'))) {
      const [pidLine, signature] = fs.readFileSync(path.join(this.dir, file), 'utf8').split('\n');
      const pid = Number(pidLine);
      const name = file.slice(0, -'.pid'.length);
      if (Number.isInteger(pid) && pid > 0 && signature && isAlive(pid)) {
        if (commandLine(pid).includes(signature)) {
          alive.push({ name, pid });
          continue;
        }
      }
      this.remove(name);
    }
    return alive;
  }
}

/**
 * Last resort for a tool that dies before it stopped its stack (the e2e runner, the bench): the
 * stack's processes are detached process groups that would outlive it. Only those the pid
 * files under DATA_DIR/pids still name with their signature are killed, so a reused pid is left
 * alone.
 */
export function killLeftovers(dataDir: string): void {
  const dir = pidsDir(dataDir);
  if (!fs.existsSync(dir)) return;
  for (const { pid } of new PidFiles(dir).survivors()) {
    if (pid <= 1 || pid === process.pid) continue;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
  }
}

function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}
