// Killing one part of the stack, starting again what the launcher does not supervise, and
// watching GET /api/health for the recovery.
import fs from 'node:fs';
import path from 'node:path';
import { startNats, startPostgres, type Managed } from '@nsa/local-infra';
import { sleep } from '../lib/api.js';
import type { BenchStack } from '../lib/stack.js';
import type { Target } from './run.js';

export async function kill(
  s: BenchStack,
  target: Target,
  restarted: Managed[],
  log: (line: string) => void,
): Promise<void> {
  const pid = s.pid(target);
  if (!pid) throw new Error(`no pid file for ${target} in ${s.dataDir}/run`);
  if (target !== 'nats' && target !== 'postgres') {
    log(`SIGKILL ${target} (pid ${pid}); the launcher's supervisor restarts it`);
    process.kill(pid, 'SIGKILL');
    return;
  }
  log(`SIGKILL ${target} (process group ${pid}); this tool restarts it`);
  process.kill(-pid, 'SIGKILL');
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(50);
  await sleep(1000);
  const logs = path.join(s.dataDir, 'logs');
  const run = path.join(s.dataDir, 'run');
  if (target === 'nats') {
    const store = path.join(s.dataDir, 'nats');
    const { proc } = await startNats({
      storeDir: store,
      port: s.stack.ports.nats,
      logFile: path.join(logs, 'nats.log'),
    });
    restarted.push(proc);
    fs.writeFileSync(path.join(run, 'nats.pid'), `${proc.pid}\n${store}\n`);
  } else {
    const data = path.join(s.dataDir, 'postgres', 'data');
    const { proc } = await startPostgres({
      dataDir: data,
      port: s.stack.ports.postgres,
      logFile: path.join(logs, 'postgres.log'),
    });
    restarted.push(proc);
    fs.writeFileSync(path.join(run, 'postgres.pid'), `${proc.pid}\n${data}\n`);
  }
}

function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/\) Z /.test(stat);
  } catch {
    return false;
  }
}

/** Seconds from `t0` until health answered 200 after having failed (or plainly 200 again). */
export async function waitRecovered(
  health: Array<{ t: number; ok: boolean }>,
  t0: number,
  timeoutMs: number,
): Promise<{ recoveryS: number | undefined; sawDown: boolean }> {
  const deadline = t0 + timeoutMs;
  for (;;) {
    const after = health.filter((h) => h.t > t0);
    const down = after.findIndex((h) => !h.ok);
    if (down >= 0) {
      const up = after.slice(down).find((h) => h.ok);
      if (up) return { recoveryS: (up.t - t0) / 1000, sawDown: true };
    } else if (after.length > 0 && Date.now() - t0 > 5000) {
      // Never seen failing within 5 s: the kill did not show on the product's health.
      return { recoveryS: (after[0]!.t - t0) / 1000, sawDown: false };
    }
    if (Date.now() > deadline) return { recoveryS: undefined, sawDown: down >= 0 };
    await sleep(100);
  }
}
