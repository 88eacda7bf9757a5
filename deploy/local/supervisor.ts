import type { Managed } from '@nsa/local-infra';

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 5000;
// A process that ran this long before dying counts as healthy: the next restart is quick again.
const STABLE_AFTER_MS = 30_000;

/**
 * Keeps one process running, as Kubernetes keeps a pod: when it exits without being asked to,
 * `launch` starts it again after 1 s, doubling up to 5 s while it keeps dying (R-RUN-REPLICAS:
 * started again within 10 s). The gateway's health shows it down meanwhile. `launch` resolves
 * once the process is ready (a service once spawned, nats-server or PostgreSQL once they
 * answer), so a restart that fails is tried again.
 */
export class Supervised {
  private current?: Managed;
  private launching?: Promise<Managed>;
  private stopping = false;
  private delay = FIRST_DELAY_MS;
  private timer?: NodeJS.Timeout;

  constructor(
    /** `<part>-<n>`, as its pid file is named (catalog-2, nats-1). */
    readonly name: string,
    private readonly launch: () => Promise<Managed>,
    private readonly hooks: {
      log: (line: string) => void;
      onStart?: (proc: Managed) => void;
      /** Where the process writes, named in the restart message. */
      logFile?: string;
    },
  ) {}

  get pid(): number | undefined {
    return this.current?.pid;
  }

  /** Starts the process; rejects when the first start fails (no restart is scheduled then). */
  async start(): Promise<Managed> {
    const launching = this.launch();
    this.launching = launching;
    let proc: Managed;
    try {
      proc = await launching;
    } finally {
      if (this.launching === launching) this.launching = undefined;
    }
    const startedAt = Date.now();
    this.current = proc;
    if (this.stopping) {
      await proc.stop();
      return proc;
    }
    this.hooks.onStart?.(proc);
    void proc.exited.then(async (code) => {
      if (this.stopping || this.current !== proc) return;
      if (Date.now() - startedAt > STABLE_AFTER_MS) this.delay = FIRST_DELAY_MS;
      // What the leader forked (nginx's workers holding the port, PostgreSQL's backends
      // holding shared memory) would keep the new one from starting.
      await proc.stop().catch(() => undefined);
      if (this.stopping) return;
      const how = code === null ? 'killed by a signal' : `code ${code}`;
      this.scheduleRestart(`${this.name} exited unexpectedly (${how})`);
    });
    return proc;
  }

  private scheduleRestart(why: string): void {
    const where = this.hooks.logFile ? ` (log: ${this.hooks.logFile})` : '';
    this.hooks.log(`${why}; restarting in ${this.delay / 1000} s${where}`);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.stopping) return;
      this.start().catch((err: unknown) => {
        if (!this.stopping) {
          this.scheduleRestart(`${this.name} could not be restarted: ${(err as Error).message}`);
        }
      });
    }, this.delay);
    this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.launching?.catch(() => undefined);
    await this.current?.stop();
  }
}
