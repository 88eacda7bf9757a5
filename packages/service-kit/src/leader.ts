import type { Sequelize } from './db.js';

/** What leadership needs of the driver's connection (a `pg` Client, as Sequelize makes it). */
interface PgConnection {
  query(text: string): Promise<{ rows: unknown[] }>;
  /** Set by Sequelize when the connection failed. */
  _invalid?: boolean;
}

/** Internal parts of Sequelize's connection manager: a connection outside the pool. */
interface ConnectionMaker {
  config: unknown;
  _connect(config: unknown): Promise<PgConnection>;
  _disconnect(connection: PgConnection): Promise<void>;
}

/** How often a leader's connection is checked: a lock lost with it is noticed this soon. */
export const LEADER_HEARTBEAT_MS = 250;

/** Work done as a leader found that it no longer is (the database restarted, say). */
export class LeadershipLost extends Error {
  constructor(name: string) {
    super(`no longer the leader of ${name}`);
  }
}

/** The lock of `name` in the service's schema (the services share one database). */
const LOCK = (name: string) => `hashtextextended(current_schema() || ':' || ${quote(name)}, 0)`;
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * Leadership among the processes of a service, by name (a durable consumer, say): a session
 * advisory lock on a connection of its own, outside the pool, shared by the names this process
 * leads. The lock lasts while the process and its connection live and ends the moment either
 * dies, so another process can take over at once. Work done as the leader checks in its own
 * transaction that the lock is still this connection's (`holdsSql`): after a database restart,
 * which frees every lock, a process that led before finds out before it changes anything.
 */
export class Leadership {
  private static readonly bySequelize = new WeakMap<Sequelize, Leadership>();

  /** The process's leadership on this database (one connection for all its names). */
  static of(sequelize: Sequelize): Leadership {
    let l = Leadership.bySequelize.get(sequelize);
    if (!l) Leadership.bySequelize.set(sequelize, (l = new Leadership(sequelize)));
    return l;
  }

  private connection: PgConnection | undefined;
  /** The connection's backend: its pid and start, as `holdsSql` checks them. */
  private backend: { pid: number; started: string } | undefined;
  private readonly held = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();
  private heartbeat: NodeJS.Timeout | undefined;

  private constructor(private readonly sequelize: Sequelize) {}

  /**
   * Whether this process still leads `name` as far as it knows: the connection answered its
   * last heartbeat (every LEADER_HEARTBEAT_MS), so a lock lost with its connection is noticed
   * within that time.
   */
  isHeld(name: string): boolean {
    return this.held.has(name);
  }

  /** Whether this process leads `name` now: taken if free, kept if already ours. */
  tryLead(name: string): Promise<boolean> {
    return this.serial(async () => {
      if (this.held.has(name) && this.connection && !this.connection._invalid) return true;
      this.held.delete(name);
      const connection = await this.open();
      try {
        const { rows } = await connection.query(`SELECT pg_try_advisory_lock(${LOCK(name)}) AS ok`);
        const ok = (rows[0] as { ok: boolean }).ok;
        if (ok) {
          this.held.add(name);
          this.beat();
        }
        return ok;
      } catch (err) {
        await this.drop();
        throw err;
      }
    });
  }

  /** Gives `name` up (another process may take it at once). */
  resign(name: string): Promise<void> {
    return this.serial(async () => {
      if (!this.held.delete(name)) return;
      try {
        await this.connection?.query(`SELECT pg_advisory_unlock(${LOCK(name)})`);
      } catch {
        // The connection is gone, and every lock with it.
        await this.drop();
      }
      if (this.held.size === 0) await this.drop();
    });
  }

  /**
   * A condition that is true only while this process's connection holds `name`'s lock, for a
   * statement of the leader's work (its transaction then commits nothing else when false).
   */
  holdsSql(name: string): string {
    const backend = this.backend;
    if (!backend || !this.held.has(name)) return 'false';
    // pg_stat_get_activity(pid) answers that one backend; the pg_stat_activity view would build
    // a row for every backend and join each to its role and database.
    return `(EXISTS (SELECT 1 FROM pg_locks l
      WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
        AND l.pid = ${backend.pid}
        AND l.classid::bigint = (${LOCK(name)} >> 32) & 4294967295
        AND l.objid::bigint = ${LOCK(name)} & 4294967295)
      AND EXISTS (SELECT 1 FROM pg_stat_get_activity(${backend.pid}) a
        WHERE a.backend_start::text = ${quote(backend.started)}))`;
  }

  /** While it leads anything: a heartbeat on the connection; one that fails drops it all. */
  private beat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      void this.serial(async () => {
        const connection = this.connection;
        if (!connection) return;
        try {
          if (connection._invalid) throw new Error('connection failed');
          await connection.query('SELECT 1');
        } catch {
          await this.drop();
        }
      });
    }, LEADER_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async open(): Promise<PgConnection> {
    if (this.connection && !this.connection._invalid) return this.connection;
    await this.drop();
    const cm = this.sequelize.connectionManager as unknown as ConnectionMaker;
    const connection = await cm._connect(cm.config);
    try {
      const { rows } = await connection.query(
        `SELECT pid, backend_start::text AS started FROM pg_stat_activity
         WHERE pid = pg_backend_pid()`,
      );
      this.backend = rows[0] as { pid: number; started: string };
    } catch (err) {
      await cm._disconnect(connection).catch(() => undefined);
      throw err;
    }
    this.connection = connection;
    return connection;
  }

  /** Closes the connection; every lock on it ends. */
  private async drop(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    this.backend = undefined;
    this.held.clear();
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    if (!connection) return;
    const cm = this.sequelize.connectionManager as unknown as ConnectionMaker;
    await cm._disconnect(connection).catch(() => undefined);
  }
}
