import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureServiceDatabase,
  ensureServiceUrls,
  freePort,
  isAlive,
  spawnManaged,
  startNats,
  startPostgres,
  waitForHttp,
  type Managed,
} from '../src/index.js';

let dir: string;
const running: Managed[] = [];

beforeAll(() => {
  // 0700, like a fresh CI checkout: startPostgres must make it passable for the postgres user.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-infra-'));
});

afterAll(async () => {
  for (const p of running.reverse()) await p.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function groupGone(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return false;
  } catch {
    return true;
  }
}

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('local infrastructure', () => {
  let adminUrl: string;
  let pgProc: Managed;
  let pgPort: number;

  it('starts PostgreSQL and nats-server side by side', async () => {
    pgPort = await freePort();
    const natsPort = await freePort();
    const started = await Promise.allSettled([
      startPostgres({
        dataDir: path.join(dir, 'pg', 'data'),
        port: pgPort,
        logFile: path.join(dir, 'logs', 'postgres.log'),
      }),
      startNats({
        storeDir: path.join(dir, 'nats'),
        port: natsPort,
        logFile: path.join(dir, 'logs', 'nats.log'),
      }),
    ]);
    for (const r of started) if (r.status === 'fulfilled') running.push(r.value.proc);
    const [p, n] = started.map((r) => {
      if (r.status === 'rejected') throw r.reason;
      return r.value;
    }) as [Awaited<ReturnType<typeof startPostgres>>, Awaited<ReturnType<typeof startNats>>];
    adminUrl = p.adminUrl;
    pgProc = p.proc;
    expect(n.url).toBe(`nats://127.0.0.1:${natsPort}`);
    // R-RUN-DATA-PRIVATE: as root, the postgres user's group may pass through, no one else.
    if (process.getuid?.() === 0) {
      const postgresGid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
      expect(fs.statSync(dir).mode & 0o777).toBe(0o710);
      expect(fs.statSync(dir).gid).toBe(postgresGid);
    }
    expect((await query(adminUrl, 'SHOW fsync')).rows[0].fsync).toBe('on');
    expect((await query(adminUrl, "SELECT lower('ÉMILE Ünal') AS l")).rows[0].l).toBe('émile ünal');
    const pwFile = path.join(dir, 'pg', 'data.superuser-password');
    expect(fs.statSync(pwFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(dir, 'logs', 'postgres.log'), 'utf8')).not.toContain(
      fs.readFileSync(pwFile, 'utf8'),
    );

    await n.proc.stop();
    expect(isAlive(n.proc.pid)).toBe(false);
    expect(groupGone(n.proc.pid)).toBe(true);
  });

  it('gives a service the same URL twice, and a schema only it can write', async () => {
    const first = await ensureServiceDatabase(adminUrl, 'catalog');
    const second = await ensureServiceDatabase(adminUrl, 'catalog');
    expect(second).toBe(first);
    expect(new URL(first).username).toBe('svc_catalog');
    expect(new URL(first).pathname).toBe('/naschool');
    const other = await ensureServiceDatabase(adminUrl, 'identity');

    await query(first, 'CREATE TABLE catalog.things (id int)');
    // search_path points at the own schema, so unqualified names land there.
    await query(first, 'CREATE TABLE more_things (id int)');
    const where = await query(
      first,
      "SELECT schemaname FROM pg_tables WHERE tablename = 'more_things'",
    );
    expect(where.rows).toEqual([{ schemaname: 'catalog' }]);

    await expect(query(first, 'CREATE TABLE public.leak (id int)')).rejects.toThrow(
      /permission denied/,
    );
    await expect(query(first, 'CREATE TABLE identity.leak (id int)')).rejects.toThrow(
      /permission denied/,
    );
    await expect(query(other, 'SELECT * FROM catalog.things')).rejects.toThrow(/permission denied/);
    // The stored passwords live in the admin database, out of the services' reach.
    const inAdminDb = new URL(first);
    inAdminDb.pathname = new URL(adminUrl).pathname;
    await expect(
      query(inAdminDb.toString(), 'SELECT * FROM local_infra.service_credentials'),
    ).rejects.toThrow(/permission denied/);
  });

  it('gives a service an owner role for its migrations, which the runtime role cannot become', async () => {
    const first = await ensureServiceUrls(adminUrl, 'catalog');
    expect(await ensureServiceUrls(adminUrl, 'catalog')).toEqual(first);
    expect(first.url).toBe(await ensureServiceDatabase(adminUrl, 'catalog'));
    expect(new URL(first.migrationUrl).username).toBe('svc_catalog_owner');
    const roles = await query(
      first.migrationUrl,
      `SELECT rolname, rolsuper, rolbypassrls,
              pg_has_role('svc_catalog_owner', 'svc_catalog', 'MEMBER') AS owner_acts_as_runtime,
              pg_has_role('svc_catalog', 'svc_catalog_owner', 'MEMBER') AS runtime_acts_as_owner
         FROM pg_roles WHERE rolname IN ('svc_catalog', 'svc_catalog_owner') ORDER BY rolname`,
    );
    expect(roles.rows).toEqual([
      expect.objectContaining({ rolname: 'svc_catalog', rolsuper: false, rolbypassrls: false }),
      expect.objectContaining({
        rolname: 'svc_catalog_owner',
        rolsuper: false,
        rolbypassrls: false,
      }),
    ]);
    expect(roles.rows[0]).toMatchObject({
      owner_acts_as_runtime: true,
      runtime_acts_as_owner: false,
    });
    await expect(query(first.url, 'SET ROLE svc_catalog_owner')).rejects.toThrow(
      /permission denied/,
    );
    // Its search_path is the service's schema too; another service's stays closed to it.
    const where = await query(
      first.migrationUrl,
      "SELECT array_to_string(current_schemas(false), ',') AS s",
    );
    expect(where.rows).toEqual([{ s: 'catalog' }]);
    await ensureServiceDatabase(adminUrl, 'identity');
    await expect(query(first.migrationUrl, 'CREATE TABLE identity.leak (id int)')).rejects.toThrow(
      /permission denied/,
    );
  });

  it('serialises concurrent calls', async () => {
    const urls = await Promise.all(
      ['notify', 'notify', 'registrations'].map((s) => ensureServiceDatabase(adminUrl, s)),
    );
    expect(urls[0]).toBe(urls[1]);
    await query(urls[2]!, 'SELECT 1');
  });

  // R-AUDIT-CUTOFF
  it("keeps the audit store's retention period where the service's role cannot reach it, and anonymises nothing newer", async () => {
    const identity = await ensureServiceDatabase(adminUrl, 'identity', { auditRetentionMonths: 3 });
    const inNaschool = new URL(adminUrl);
    inNaschool.pathname = '/naschool';
    const admin = inNaschool.toString();
    const period = async () =>
      (await query(admin, 'SELECT months FROM identity_audit.audit_retention')).rows;
    expect(await period()).toEqual([{ months: 3 }]);
    // Set-up without a period leaves the one set.
    await ensureServiceDatabase(adminUrl, 'identity');
    expect(await period()).toEqual([{ months: 3 }]);

    const ids = ['4a1b2c3d-0000-4000-8000-000000000001', '4a1b2c3d-0000-4000-8000-000000000002'];
    await query(
      identity,
      `INSERT INTO identity_audit.audit_entries
         (id, at, service, actor_type, actor_id, actor_name, action, target_type)
       VALUES ('${ids[0]}', now() - interval '2 months', 'catalog', 'admin', '7', 'A', 'x', 'y'),
              ('${ids[1]}', now() - interval '4 months', 'catalog', 'admin', '7', 'A', 'x', 'y')`,
    );
    await query(identity, "SELECT identity_audit.audit_anonymise_actors('infinity')");
    const actors = await query(
      identity,
      `SELECT id, actor_id FROM identity_audit.audit_entries
        WHERE id IN ('${ids[0]}', '${ids[1]}') ORDER BY at DESC`,
    );
    expect(actors.rows).toEqual([
      { id: ids[0], actor_id: '7' },
      { id: ids[1], actor_id: null },
    ]);
    await expect(
      query(identity, 'UPDATE identity_audit.audit_retention SET months = 1'),
    ).rejects.toThrow(/permission denied/);
  });

  it('reuses the cluster on a second start, with more settings, and stop() leaves no process', async () => {
    const before = await ensureServiceDatabase(adminUrl, 'catalog');
    await pgProc.stop();
    expect(groupGone(pgProc.pid)).toBe(true);

    const again = await startPostgres({
      dataDir: path.join(dir, 'pg', 'data'),
      port: pgPort,
      logFile: path.join(dir, 'logs', 'postgres.log'),
      settings: ['shared_preload_libraries=pg_stat_statements', 'work_mem=8MB'],
    });
    running.push(again.proc);
    expect(again.adminUrl).toBe(adminUrl);
    expect((await query(adminUrl, 'SHOW work_mem')).rows[0].work_mem).toBe('8MB');
    expect((await query(adminUrl, 'SHOW shared_preload_libraries')).rows[0]).toEqual({
      shared_preload_libraries: 'pg_stat_statements',
    });
    expect((await query(before, 'SELECT count(*)::int AS n FROM catalog.things')).rows[0].n).toBe(
      0,
    );
    expect(await ensureServiceDatabase(again.adminUrl, 'catalog')).toBe(before);

    await again.proc.stop();
    expect(groupGone(again.proc.pid)).toBe(true);
  });
});

describe('spawnManaged', () => {
  it('stops a whole process group, escalating to SIGKILL', async () => {
    const logFile = path.join(dir, 'logs', 'stubborn.log');
    // A parent that ignores SIGTERM and a grandchild in the same group.
    const script = "trap '' TERM; sleep 300 & wait";
    const proc = spawnManaged('stubborn', 'bash', ['-c', script], { logFile });
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    await proc.stop('SIGTERM', 500);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(groupGone(proc.pid)).toBe(true);
    expect(await proc.exited).toBeNull();
  });

  it('appends output to the log file and reports the exit code', async () => {
    const logFile = path.join(dir, 'logs', 'echo.log');
    const proc = spawnManaged('echo', 'bash', ['-c', 'echo hello; exit 3'], { logFile });
    expect(await proc.exited).toBe(3);
    expect(fs.readFileSync(logFile, 'utf8')).toContain('hello');
  });

  it('hands output lines to onOutput as well as to the log file', async () => {
    const logFile = path.join(dir, 'logs', 'tee.log');
    const lines: string[] = [];
    const proc = spawnManaged('tee', 'bash', ['-c', 'echo one; echo two >&2; printf three'], {
      logFile,
      onOutput: (line, stream) => lines.push(`${stream}:${line}`),
    });
    expect(await proc.exited).toBe(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.sort()).toEqual(['stderr:two', 'stdout:one', 'stdout:three']);
    expect(fs.readFileSync(logFile, 'utf8')).toMatch(/one\n[\s\S]*three/);
  });

  it('refuses a missing command', () => {
    expect(() =>
      spawnManaged('nope', '/nonexistent/cmd', [], { logFile: path.join(dir, 'logs', 'n.log') }),
    ).toThrow(/could not start nope/);
  });
});

describe('waitForHttp', () => {
  it('times out with the last answer', async () => {
    const port = await freePort();
    await expect(waitForHttp(`http://127.0.0.1:${port}/`, { timeoutMs: 300 })).rejects.toThrow(
      /timed out/,
    );
  });
});
