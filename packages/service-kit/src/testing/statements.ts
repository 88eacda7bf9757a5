import type { Sequelize } from '../db.js';

/** One statement sent on a pool connection, as the driver (`pg`) was given it. */
export interface RecordedStatement {
  /** The SQL text. */
  text: string;
  /** How it was sent: a plain SQL string (as Sequelize sends) or a query config object. */
  form: 'text' | 'config';
  /** The name of a statement run by name (`preparedQuery`). */
  name?: string;
  /** The values sent bound with it, if any (a config's `values`, or Sequelize's `bind`). */
  values?: unknown[];
}

/** What `recordStatements` answers. */
export interface StatementRecorder {
  /** Every statement recorded so far, in the order sent. */
  readonly statements: readonly RecordedStatement[];
  /** The texts of `statements`. */
  texts(): string[];
  /** Forgets what was recorded so far. */
  clear(): void;
  /** Stops recording; the last recorder of a Sequelize to stop restores its `getConnection`. */
  stop(): void;
}

type Listener = (statement: RecordedStatement) => void;
const LISTENERS = Symbol('recordStatements.listeners');
interface Watched {
  query(...args: unknown[]): unknown;
  [LISTENERS]?: Set<Listener>;
}

/** A wrapped `getConnection`: the recorders shown each connection it hands out. */
interface Watch {
  recorders: Set<(connection: Watched) => void>;
  restore(): void;
}
const watches = new WeakMap<Sequelize['connectionManager'], Watch>();

/**
 * Records the statements sent on the connections `sequelize`'s pool hands out from now on (it
 * wraps `connectionManager.getConnection`, and each connection's `query` once), until `stop()`:
 * their text, and a prepared statement's name and the bound values. Recorders may overlap; the
 * last to stop restores the original `getConnection`. A connection taken before the recorder
 * started is not watched.
 */
export function recordStatements(sequelize: Sequelize): StatementRecorder {
  const watch = watchPool(sequelize.connectionManager);
  const statements: RecordedStatement[] = [];
  const record: Listener = (statement) => statements.push(statement);
  /** The listeners of the connections this recorder was shown. */
  const shown = new Set<Set<Listener>>();
  const see = (connection: Watched) => {
    const listeners = watchConnection(connection);
    listeners.add(record);
    shown.add(listeners);
  };
  watch.recorders.add(see);
  let stopped = false;
  return {
    statements,
    texts: () => statements.map((s) => s.text),
    clear() {
      statements.length = 0;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      watch.recorders.delete(see);
      for (const listeners of shown) listeners.delete(record);
      if (watch.recorders.size === 0) watch.restore();
    },
  };
}

function watchPool(cm: Sequelize['connectionManager']): Watch {
  const existing = watches.get(cm);
  if (existing) return existing;
  const own = Object.prototype.hasOwnProperty.call(cm, 'getConnection');
  const original = cm.getConnection;
  const wrapper: typeof original = async (opts) => {
    const connection = (await original.call(cm, opts)) as Watched;
    for (const see of watch.recorders) see(connection);
    return connection;
  };
  const watch: Watch = {
    recorders: new Set(),
    restore() {
      watches.delete(cm);
      // Left alone if replaced since (as closing the Sequelize does).
      if (cm.getConnection !== wrapper) return;
      if (own) cm.getConnection = original;
      else Reflect.deleteProperty(cm, 'getConnection');
    },
  };
  cm.getConnection = wrapper;
  watches.set(cm, watch);
  return watch;
}

/** Wraps the connection's `query` once; answers the listeners it tells of each statement. */
function watchConnection(connection: Watched): Set<Listener> {
  const existing = connection[LISTENERS];
  if (existing) return existing;
  const listeners = new Set<Listener>();
  const query = connection.query.bind(connection);
  connection.query = (...args: unknown[]) => {
    const statement = describe(args);
    if (statement) for (const listener of listeners) listener(statement);
    return query(...args);
  };
  connection[LISTENERS] = listeners;
  return listeners;
}

/** The statement of a `pg` `query(text | config, values?, callback?)` call. */
function describe([first, second]: unknown[]): RecordedStatement | undefined {
  const bound = Array.isArray(second) ? [...(second as unknown[])] : undefined;
  if (typeof first === 'string') {
    return { text: first, form: 'text', ...(bound && { values: bound }) };
  }
  const config = first as { text?: unknown; name?: string; values?: unknown[] } | null;
  if (typeof config?.text !== 'string') return undefined;
  const values = config.values ? [...config.values] : bound;
  return {
    text: config.text,
    form: 'config',
    ...(config.name !== undefined && { name: config.name }),
    ...(values && { values }),
  };
}
