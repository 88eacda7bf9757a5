import { acrossOrganisations, QueryTypes, type Sequelize } from './db.js';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';
import { ORGANISATIONS_WITH_DATA, type EveryOrganisation } from './organisation.js';

export const DAY_MS = 24 * 3600 * 1000;
/** How long published outbox rows and processed-event ids are kept (R-RETENTION-KIT). */
export const KIT_KEEP_MS = 7 * DAY_MS;

/**
 * R-RETENTION-KIT: the tables every service has only grow otherwise. A published outbox row is
 * in its stream (which keeps it at most 7 days where it carries personal data), and an event id
 * processed longer ago than that can no longer be redelivered: both go after 7 days. An
 * unpublished row is never touched. Returns how many rows of each went.
 */
export async function pruneKitTables(
  sequelize: Sequelize,
  keepMs = KIT_KEEP_MS,
): Promise<{ outbox: number; processedEvents: number }> {
  return acrossOrganisations(sequelize, async (transaction) => {
    const [outbox] = await sequelize.query<{ n: number }>(
      `WITH gone AS (DELETE FROM outbox WHERE published_at IS NOT NULL
         AND published_at < now() - make_interval(secs => :secs) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      { replacements: { secs: keepMs / 1000 }, type: QueryTypes.SELECT, transaction },
    );
    const [processed] = await sequelize.query<{ n: number }>(
      `WITH gone AS (DELETE FROM processed_events
         WHERE processed_at < now() - make_interval(secs => :secs) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      { replacements: { secs: keepMs / 1000 }, type: QueryTypes.SELECT, transaction },
    );
    return { outbox: outbox?.n ?? 0, processedEvents: processed?.n ?? 0 };
  });
}

/**
 * R-RETENTION-JOB: the table in which a service keeps the report of each retention run (counts
 * only), for a migration to create.
 */
export const RETENTION_RUNS_TABLE = `CREATE TABLE retention_runs (
  id bigserial PRIMARY KEY,
  trigger text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  report jsonb NOT NULL DEFAULT '{}'::jsonb
)`;

/** One retention run recorded in `retention_runs`: a row when it starts, its counts when done. */
export async function recordRetentionRun<C>(
  sequelize: Sequelize,
  trigger: string,
  work: () => Promise<C>,
): Promise<C> {
  const [run] = await sequelize.query<{ id: string }>(
    'INSERT INTO retention_runs (trigger) VALUES (:trigger) RETURNING id',
    { replacements: { trigger }, type: QueryTypes.SELECT },
  );
  const counts = await work();
  await sequelize.query(
    `UPDATE retention_runs SET finished_at = now(), report = CAST(:report AS jsonb)
     WHERE id = :id`,
    { replacements: { id: run!.id, report: JSON.stringify({ counts }) } },
  );
  return counts;
}

export interface DailyJobOptions<R> {
  /** The job's name in logs, metrics and its advisory lock. */
  name: string;
  sequelize: Sequelize;
  logger: Logger;
  metrics?: Metrics;
  /** One run; answers what it did (counts only: it is logged). */
  run: (trigger: 'start' | 'daily') => Promise<R>;
  /** How many items the run handled, for the metrics. */
  items?: (result: R) => number;
  intervalMs?: number;
}

/**
 * A job that runs once on start and then every day (R-RETENTION-JOB). Each run holds a
 * PostgreSQL advisory lock named after the job, so replicas of a service never run it at once
 * (one that finds it held skips that turn). Nothing is remembered in memory between runs: a run
 * works from what the database holds, so a restart (or a crash halfway) only means the next
 * run does the rest.
 */
export class DailyJob<R> {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<R | undefined> | undefined;
  private stopped = false;

  constructor(private readonly opts: DailyJobOptions<R>) {}

  start(): { stop(): Promise<void> } {
    this.current = this.runOnce('start');
    this.timer = setInterval(() => {
      if (!this.current) this.current = this.runOnce('daily');
    }, this.opts.intervalMs ?? DAY_MS);
    this.timer.unref();
    return { stop: () => this.stop() };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.current?.catch(() => undefined);
  }

  /** One run now, unless another holds the lock (then undefined). */
  async runOnce(trigger: 'start' | 'daily'): Promise<R | undefined> {
    const { name, sequelize, logger, metrics } = this.opts;
    try {
      if (this.stopped) return undefined;
      const result = await withAdvisoryLock(sequelize, `job:${name}`, () => this.opts.run(trigger));
      if (result.locked) {
        metrics?.jobRun(name, 'ok', this.opts.items?.(result.value) ?? 0);
        logger.info({ job: name, trigger, result: result.value }, 'job done');
        return result.value;
      }
      return undefined;
    } catch (err) {
      metrics?.jobRun(name, 'failed');
      logger.error({ job: name, trigger, err: (err as Error).message }, 'job failed');
      return undefined;
    } finally {
      this.current = undefined;
    }
  }
}

/**
 * Runs `fn` while holding a transaction advisory lock on a connection of its own (the
 * transaction stays open while `fn` runs); answers `{ locked: false }` at once when another
 * session holds it. The lock is named in the service's schema: the services share one database,
 * and one service's job must not make another's with the same name skip its turn.
 */
export async function withAdvisoryLock<T>(
  sequelize: Sequelize,
  key: string,
  fn: () => Promise<T>,
): Promise<{ locked: true; value: T } | { locked: false }> {
  return sequelize.transaction(async (t) => {
    const [row] = await sequelize.query<{ ok: boolean }>(
      `SELECT pg_try_advisory_xact_lock(hashtextextended(current_schema() || ':' || :key, 0)) AS ok`,
      { replacements: { key }, type: QueryTypes.SELECT, transaction: t },
    );
    if (!row?.ok) return { locked: false as const };
    return { locked: true as const, value: await fn() };
  });
}

/** The retention job's name (R-RETENTION-JOB): its lock, logs and metrics, in every service. */
export const RETENTION_JOB = 'retention';

/**
 * A service's retention job (R-RETENTION-JOB): a DailyJob named `retention` on the service's own
 * database, logger and metrics, whose run goes through every organisation that still keeps data,
 * each as that organisation's work (R-ORG-JOBS). Its result is each organisation's, by id.
 */
export function retentionJob<R>(
  ctx: {
    sequelize: Sequelize;
    logger: Logger;
    metrics?: Metrics;
    everyOrganisation: EveryOrganisation;
  },
  run: (trigger: 'start' | 'daily') => Promise<R>,
  items: (result: R) => number,
): DailyJob<Record<number, R>> {
  return new DailyJob({
    name: RETENTION_JOB,
    sequelize: ctx.sequelize,
    logger: ctx.logger,
    metrics: ctx.metrics,
    run: async (trigger) =>
      Object.fromEntries(
        await ctx.everyOrganisation.run(ORGANISATIONS_WITH_DATA, () => run(trigger)),
      ),
    items: (byOrganisation) =>
      Object.values(byOrganisation).reduce((sum, result) => sum + items(result), 0),
  });
}
