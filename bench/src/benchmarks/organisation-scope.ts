// What setting the organisation costs (docs/design/many-organisations.md, "Setting the
// organisation per transaction"): a transaction begun in an organisation's work sends its
// setting with START TRANSACTION, and a query made there without a transaction runs in one of
// its own. One pooled connection, one statement after another, with and without an
// organisation, alternated in rounds; wall time and CPU (this process's and the PostgreSQL
// backend's) per operation.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureServiceDatabase, freePort, startPostgres } from '@nsa/local-infra';
import { connectDatabase, QueryTypes, withOrganisation, type Sequelize } from '@nsa/service-kit';
import { cpuSnapshot } from '../lib/cpu.js';
import { percentile } from '../lib/report.js';

export interface ScopeCase {
  /** Microseconds of wall time per operation, the median round. */
  wallUs: number;
  /** Microseconds of this process's CPU per operation, the median round. */
  nodeCpuUs: number;
  /** Microseconds of the PostgreSQL backend's CPU per operation, the median round. */
  pgCpuUs: number;
}
export interface ScopeResult {
  operations: number;
  rounds: number;
  transaction: { none: ScopeCase; organisation: ScopeCase };
  plainQuery: { none: ScopeCase; organisation: ScopeCase };
}

/** User plus system CPU of one process (the connection's PostgreSQL backend), in microseconds. */
const processCpuUs = (pid: number): number => (cpuSnapshot().get(pid)?.seconds ?? 0) * 1e6;
const median = (xs: number[]) => percentile(xs, 50);

export async function organisationScopeBenchmark(opts: {
  quick: boolean;
  log: (line: string) => void;
}): Promise<ScopeResult> {
  const operations = opts.quick ? 500 : 3000;
  const rounds = opts.quick ? 3 : 5;
  const dir = await mkdtemp(join(tmpdir(), 'bench-scope-'));
  const pg = await startPostgres({
    dataDir: join(dir, 'pg'),
    port: await freePort(),
    logFile: join(dir, 'pg.log'),
  });
  let db: Sequelize | undefined;
  try {
    const url = await ensureServiceDatabase(pg.adminUrl, 'scope');
    db = await connectDatabase({
      url,
      schema: 'scope',
      applicationName: 'bench-scope',
      poolMax: 1,
      poolMin: 1,
    });
    const pool = db;
    const [{ pid }] = (await pool.query('SELECT pg_backend_pid() AS pid', {
      type: QueryTypes.SELECT,
    })) as [{ pid: number }];
    const transaction = () =>
      pool.transaction((t) => pool.query('SELECT 1', { type: QueryTypes.SELECT, transaction: t }));
    const plain = () => pool.query('SELECT 1', { type: QueryTypes.SELECT });
    async function measure(op: () => Promise<unknown>, organisation: boolean) {
      const run = async () => {
        for (let i = 0; i < operations; i++) await op();
      };
      // The backend's CPU is read outside this process's measured span (reading /proc costs).
      const pg0 = processCpuUs(pid);
      const node0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      await (organisation ? withOrganisation(1, run) : run());
      const wall = Number(process.hrtime.bigint() - t0) / 1000;
      const node = process.cpuUsage(node0);
      return {
        wallUs: wall / operations,
        nodeCpuUs: (node.user + node.system) / operations,
        pgCpuUs: (processCpuUs(pid) - pg0) / operations,
      };
    }
    const cases = {
      'transaction/none': [] as ScopeCase[],
      'transaction/organisation': [] as ScopeCase[],
      'plain/none': [] as ScopeCase[],
      'plain/organisation': [] as ScopeCase[],
    };
    // A warm-up of each, then rounds that alternate the settings.
    for (const op of [transaction, plain]) for (const org of [false, true]) await measure(op, org);
    for (let round = 0; round < rounds; round++) {
      cases['transaction/none'].push(await measure(transaction, false));
      cases['transaction/organisation'].push(await measure(transaction, true));
      cases['plain/none'].push(await measure(plain, false));
      cases['plain/organisation'].push(await measure(plain, true));
    }
    const summary = (xs: ScopeCase[]): ScopeCase => ({
      wallUs: median(xs.map((x) => x.wallUs)),
      nodeCpuUs: median(xs.map((x) => x.nodeCpuUs)),
      pgCpuUs: median(xs.map((x) => x.pgCpuUs)),
    });
    const result: ScopeResult = {
      operations,
      rounds,
      transaction: {
        none: summary(cases['transaction/none']),
        organisation: summary(cases['transaction/organisation']),
      },
      plainQuery: {
        none: summary(cases['plain/none']),
        organisation: summary(cases['plain/organisation']),
      },
    };
    opts.log(
      `organisation scope: ${rounds} rounds of ${operations}; µs per operation (wall / node CPU / PostgreSQL CPU): ` +
        Object.entries(cases)
          .map(([name, xs]) => {
            const s = summary(xs);
            return `${name} ${s.wallUs.toFixed(0)}/${s.nodeCpuUs.toFixed(0)}/${s.pgCpuUs.toFixed(0)}`;
          })
          .join(', '),
    );
    return result;
  } finally {
    await db?.close();
    await pg.proc.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
