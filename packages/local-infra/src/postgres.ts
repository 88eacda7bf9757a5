import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { findPostgresBinDir, which } from './binaries.js';
import { sleep } from './ports.js';
import { spawnManaged, type Managed } from './process.js';
import { generateSecret } from './secrets.js';

const SUPERUSER = 'postgres';
// sun_path is 108 bytes on Linux; PostgreSQL refuses longer socket paths.
const MAX_SOCKET_PATH = 100;

interface RunAs {
  uid: number;
  gid: number;
  /** Prefix that drops root before exec, keeping the pid exact (setpriv execs, su/runuser fork). */
  prefix: string[];
}

/**
 * initdb and postgres refuse to run as root, so as root they run as the `postgres` user.
 */
function runAs(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).trim());
  if (!which('setpriv'))
    throw new Error('setpriv (util-linux) is needed to run PostgreSQL as root');
  return {
    uid,
    gid,
    prefix: ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--'],
  };
}

/**
 * The unprivileged user must be able to walk down to the data directory. A temporary or
 * freshly cloned tree often sits below a 0700 directory of root's (mktemp -d, /root, the
 * launcher's DATA_DIR). R-RUN-DATA-PRIVATE: such a directory whose group has no rights is given
 * to the user's group with the search bit alone (0710): the postgres user may pass through,
 * no other user may, and nothing becomes readable or writable. Only a directory whose group
 * already has rights (another group's) gets the search bit for others instead, as the last
 * resort; both are logged.
 */
function makeReachable(dir: string, user: RunAs, logFile: string): void {
  const blocked: string[] = [];
  for (let d = path.dirname(dir); ; d = path.dirname(d)) {
    const st = fs.statSync(d);
    const ok =
      st.uid === user.uid
        ? st.mode & 0o100
        : st.gid === user.gid
          ? st.mode & 0o010
          : st.mode & 0o001;
    if (!ok) blocked.push(d);
    if (d === path.dirname(d)) break;
  }
  for (const d of blocked) {
    const st = fs.statSync(d);
    let note: string;
    if (st.gid === user.gid || (st.mode & 0o070) === 0) {
      if (st.gid !== user.gid) fs.chownSync(d, st.uid, user.gid);
      fs.chmodSync(d, (st.mode & 0o7777) | 0o010);
      note = `local-infra: gave ${d} to the postgres user's group, search only (g=x)`;
    } else {
      fs.chmodSync(d, (st.mode & 0o7777) | 0o001);
      note = `local-infra: added o+x to ${d} so the postgres user can reach ${dir}`;
    }
    fs.appendFileSync(logFile, `${note}\n`);
    console.warn(note);
  }
}

function passwordFile(dataDir: string): string {
  return path.join(path.dirname(dataDir), `${path.basename(dataDir)}.superuser-password`);
}

function initCluster(binDir: string, dataDir: string, logFile: string, user?: RunAs): string {
  const password = generateSecret(32);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // initdb reads the password as the unprivileged user, so this temporary copy belongs to it;
  // it lives next to the data directory (never in /tmp) and is removed right after.
  const pwTmp = path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.initdb-pw`);
  fs.writeFileSync(pwTmp, `${password}\n`, { mode: 0o600 });
  if (user) {
    fs.chownSync(dataDir, user.uid, user.gid);
    fs.chownSync(pwTmp, user.uid, user.gid);
  }
  const args = [
    ...(user?.prefix ?? []),
    path.join(binDir, 'initdb'),
    '-D',
    dataDir,
    '-U',
    SUPERUSER,
    `--pwfile=${pwTmp}`,
    '--auth=scram-sha-256',
    '--encoding=UTF8',
    // C.UTF-8, not C: lower()/upper() must fold non-ASCII letters (É, Ü) in names.
    '--locale=C.UTF-8',
    '--no-instructions',
  ];
  try {
    const out = execFileSync(args[0]!, args.slice(1), {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH, LC_ALL: 'C' },
    });
    fs.appendFileSync(logFile, out);
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    fs.appendFileSync(logFile, `${e.stdout ?? ''}${e.stderr ?? ''}`);
    throw new Error(`initdb failed (see ${logFile}): ${e.stderr?.trim() || e.message}`);
  } finally {
    fs.rmSync(pwTmp, { force: true });
  }
  fs.writeFileSync(passwordFile(dataDir), password, { mode: 0o600 });
  return password;
}

/**
 * A private PostgreSQL cluster: initialised on first use, reused afterwards. The postmaster is
 * the spawned process itself (no pg_ctl daemonizing), so its pid is exact and it dies with us.
 */
export async function startPostgres(opts: {
  dataDir: string;
  port: number;
  logFile: string;
  /** More server settings (`name=value`), e.g. a diagnostic's `shared_preload_libraries`. */
  settings?: string[];
}): Promise<{ adminUrl: string; proc: Managed }> {
  const dataDir = path.resolve(opts.dataDir);
  const binDir = findPostgresBinDir();
  const user = runAs();
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  fs.mkdirSync(path.dirname(opts.logFile), { recursive: true });
  if (user) makeReachable(dataDir, user, opts.logFile);

  let password: string;
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const file = passwordFile(dataDir);
    if (!fs.existsSync(file)) {
      throw new Error(`${dataDir} holds a cluster but its password file ${file} is missing`);
    }
    password = fs.readFileSync(file, 'utf8').trim();
  } else {
    if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
      throw new Error(`${dataDir} is neither empty nor a PostgreSQL cluster`);
    }
    password = initCluster(binDir, dataDir, opts.logFile, user);
  }

  const socketDir = dataDir.length + 20 < MAX_SOCKET_PATH ? dataDir : '';
  const [cmd, ...prefixArgs] = [...(user?.prefix ?? []), path.join(binDir, 'postgres')];
  const proc = spawnManaged(
    'postgres',
    cmd!,
    [
      ...prefixArgs,
      '-D',
      dataDir,
      '-p',
      String(opts.port),
      '-k',
      socketDir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=on',
      '-c',
      'synchronous_commit=on',
      '-c',
      'unix_socket_permissions=0700',
      // Each service process keeps its pool's floor open and may grow to DB_POOL_MAX: at
      // REPLICAS=3, 3 × (10 + 10 + 10 + 20) connections, beside tools and tests.
      '-c',
      'max_connections=200',
      ...(opts.settings ?? []).flatMap((setting) => ['-c', setting]),
    ],
    {
      logFile: opts.logFile,
      env: { PATH: process.env.PATH, LC_ALL: 'C', TZ: 'UTC' },
      // SIGINT is PostgreSQL's "fast" shutdown; SIGTERM would wait for every client to leave.
      stopSignal: 'SIGINT',
      signalLeaderOnly: true,
    },
  );

  const adminUrl = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/postgres`;
  try {
    await waitForPostgres(adminUrl, proc, 60_000, opts.logFile);
  } catch (err) {
    await proc.stop();
    throw err;
  }
  return { adminUrl, proc };
}

async function waitForPostgres(
  url: string,
  proc: Managed,
  timeoutMs: number,
  logFile: string,
): Promise<void> {
  let exitCode: number | null | undefined;
  void proc.exited.then((code) => {
    exitCode = code;
  });
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    if (exitCode !== undefined) {
      throw new Error(
        `postgres exited with ${exitCode} while starting; see ${logFile}${tail(logFile)}`,
      );
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (err) {
      last = (err as Error).message;
    } finally {
      await client.end().catch(() => undefined);
    }
    if (Date.now() > deadline) throw new Error(`postgres did not accept connections: ${last}`);
    await sleep(200);
  }
}

function tail(file: string): string {
  try {
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-5);
    return `${os.EOL}${lines.join(os.EOL)}`;
  } catch {
    return '';
  }
}

/** The superuser URL of a cluster this package created, for tools run beside a running stack. */
export function existingAdminUrl(dataDir: string, port: number): string {
  const file = passwordFile(dataDir);
  if (!fs.existsSync(file))
    throw new Error(`no local PostgreSQL cluster in ${dataDir} (start the product once first)`);
  const password = fs.readFileSync(file, 'utf8').trim();
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}
