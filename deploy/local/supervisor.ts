import { spawnManaged, type Managed, type SpawnManagedOptions } from '@nsa/local-infra';

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 5000;
// A process that ran this long before dying counts as healthy: the next restart is quick again.
const STABLE_AFTER_MS = 30_000;

/**
 * Keeps one process running: when it exits without being asked to, it is started again after
 * 1 s, doubling up to 5 s while it keeps dying. The gateway's health shows it down meanwhile.
 */
export class Supervised {
  private current?: Managed;
  private stopping = false;
  private delay = FIRST_DELAY_MS;
  private timer?: NodeJS.Timeout;

  constructor(
    readonly name: string,
    private readonly cmd: string,
    private readonly args: string[],
    private readonly opts: SpawnManagedOptions,
    private readonly hooks: {
      log: (line: string) => void;
      onStart?: (proc: Managed) => void;
    },
  ) {}

  get pid(): number | undefined {
    return this.current?.pid;
  }

  start(): Managed {
    const proc = spawnManaged(this.name, this.cmd, this.args, this.opts);
    const startedAt = Date.now();
    this.current = proc;
    this.hooks.onStart?.(proc);
    void proc.exited.then((code) => {
      if (this.stopping || this.current !== proc) return;
      if (Date.now() - startedAt > STABLE_AFTER_MS) this.delay = FIRST_DELAY_MS;
      const how = code === null ? 'killed by a signal' : `code ${code}`;
      this.scheduleRestart(`${this.name} exited unexpectedly (${how})`);
    });
    return proc;
  }

  private scheduleRestart(why: string): void {
    this.hooks.log(`${why}; restarting in ${this.delay / 1000} s (log: ${this.opts.logFile})`);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.stopping) return;
      try {
        this.start();
      } catch (err) {
        this.scheduleRestart(`${this.name} could not be restarted: ${(err as Error).message}`);
      }
    }, this.delay);
    this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.current?.stop();
  }
}
