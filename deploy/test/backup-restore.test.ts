// The restore drill (R-OPS-BACKUP, R-OPS-RESTORE): the real product (startStack) with schools,
// activities, sign-ups in three statuses, a provider link and audit entries, backed up while it
// runs, then brought back into an empty DATA_DIR and started there. Two emails are outstanding
// at the backup: one recorded by svc-notify but not yet sent (the SMTP server is down), and one
// whose event JetStream holds but svc-notify has not taken yet (svc-notify is stopped with
// SIGSTOP), which exists nowhere in PostgreSQL but the publisher's outbox. The emails are
// counted by Message-ID across both runs at the test's own SMTP server: after the restore both
// outstanding ones arrive and no email arrives twice.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureServiceDatabase,
  existingAdminUrl,
  freePort,
  generateSecret,
  startPostgres,
} from '@nsa/local-infra';
import { openLink } from '@nsa/service-kit';
import { startStack, type Stack } from '../local/stack.js';
import { backupProduct } from '../ops/backup.js';
import { restoreProduct } from '../ops/restore.js';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import { openKeys, openSealed, sealTo, TRAILER_BYTES, verifySealed } from '../ops/seal.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GATEWAY_PORT = 19450;
const SMTP_PORT = 19479;
const ADMIN = { email: 'drill@school.nl', password: 'Hersteloefening-Wachtwoord-2024!' };
const ORIGIN = `http://localhost:${GATEWAY_PORT}`;
const built = ['catalog', 'registrations', 'identity', 'notify'].every((s) =>
  fs.existsSync(path.join(repo, `svc-${s}`, 'dist', 'src', 'main.js')),
);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every message by Message-ID (svc-notify's is `<eventId.kind@naschool.local>`), across restarts. */
class Mailbox {
  readonly byId = new Map<string, number>();
  readonly to = new Map<string, string[]>();
  private server: SMTPServer | undefined;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
        stream.on('end', () => {
          const head = raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
          const id = /^message-id:\s*(.+)$/im.exec(head)?.[1]?.trim() ?? '(none)';
          this.byId.set(id, (this.byId.get(id) ?? 0) + 1);
          for (const r of session.envelope.rcptTo)
            this.to.set(r.address, [...(this.to.get(r.address) ?? []), id]);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(SMTP_PORT, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  duplicates(): string[] {
    return [...this.byId].filter(([, n]) => n > 1).map(([id]) => id);
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await sleep(200);
  }
}

let cookie = '';
async function api(
  p: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`http://127.0.0.1:${GATEWAY_PORT}${p}`, {
    method: init.method ?? 'GET',
    headers: {
      cookie,
      origin: ORIGIN,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as any) : undefined }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function login(): Promise<string> {
  const res = await until(
    'admin login',
    async () => {
      const r = await fetch(`http://127.0.0.1:${GATEWAY_PORT}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify(ADMIN),
      });
      return r.status === 200 ? r : undefined;
    },
    60_000,
  );
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const env = {
  DEMO_DATA: '0',
  SIGNUP_RATE_LIMIT: '0',
  LOGIN_RATE_LIMIT: '0',
  BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
  BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
  BOOTSTRAP_ADMIN_NAME: 'Oefening Beheer',
  BOOTSTRAP_PLATFORM_EMAIL: 'platform@drill.example',
  BOOTSTRAP_PLATFORM_PASSWORD: 'platform-oefening-1',
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  MAIL_RETRY_BASE_MS: '200',
  MAIL_RETRY_MAX_MS: '1000',
  LOG_LEVEL: 'warn',
};
const mailbox = new Mailbox();
const lines: string[] = [];
let stack: Stack | undefined;
let tmp: string;

function start(dataDir: string, extra: Record<string, string> = {}): Promise<Stack> {
  return startStack({
    gatewayPort: GATEWAY_PORT,
    dataDir,
    env: { ...env, DATA_DIR: dataDir, GATEWAY_PORT: String(GATEWAY_PORT), ...extra },
    log: (l) => lines.push(l),
    healthTimeoutMs: 90_000,
  });
}

/**
 * What both scenarios start from, made by the admin through the API: a school, a block, a
 * provider and activities there, and a parent's sign-up at that school.
 */
async function seedCatalog(
  names: { school: string; block: string; provider: string },
  activities: Array<{ title: string; capacity: number; weekday: number; startTime: string }>,
) {
  const school = (await api('/api/schools', { method: 'POST', body: { name: names.school } }))
    .json as { id: number; accessToken: string };
  const block = (
    await api('/api/blocks', {
      method: 'POST',
      body: { name: names.block, weekStart: 1, weekEnd: 53 },
    })
  ).json as { id: number };
  const provider = (await api('/api/providers', { method: 'POST', body: { name: names.provider } }))
    .json as { id: number };
  const made: Array<{ id: number }> = [];
  for (const a of activities) {
    const body = {
      ...a,
      schoolId: school.id,
      blockId: block.id,
      providerId: provider.id,
      isLocked: false,
      isHidden: false,
    };
    made.push((await api('/api/activities', { method: 'POST', body })).json as { id: number });
  }
  /** A sign-up (201) of a child at that school; its registration id. */
  const signUp = async (
    activityId: number,
    child: { firstName: string; lastName: string; parentName: string; email: string },
  ): Promise<number> => {
    const r = await api('/api/registrations', {
      method: 'POST',
      headers: { 'x-school-token': school.accessToken },
      body: {
        activityId,
        childFirstName: child.firstName,
        childLastName: child.lastName,
        childDateOfBirth: '2016-04-04',
        childGroup: 'groep5',
        parentName: child.parentName,
        email: child.email,
        phone: '0612345678',
      },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    return r.json.registration.id as number;
  };
  return { school, activities: made, signUp };
}

async function sql<T extends pg.QueryResultRow>(
  dataDir: string,
  text: string,
  values: unknown[] = [],
) {
  const url = new URL(
    existingAdminUrl(path.join(dataDir, 'postgres', 'data'), stack!.ports.postgres),
  );
  url.pathname = '/naschool';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The tar inside a backup, decrypted with the identity file (into a file beside it). */
async function decrypt(file: string, identityFile: string): Promise<string> {
  const keys = openKeys({ BACKUP_IDENTITY: identityFile }, os.tmpdir(), repo);
  const out = `${file}.tar`;
  await openSealed(file, await verifySealed(file, keys), keys, fs.createWriteStream(out));
  return out;
}

const pidOf = (dataDir: string, part: string) =>
  Number(fs.readFileSync(path.join(dataDir, 'pids', `${part}.pid`), 'utf8').split('\n')[0]);

describe.skipIf(!built)('backup while running, restore into an empty DATA_DIR', () => {
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-drill-'));
    await mailbox.start();
  });

  afterAll(async () => {
    await stack?.stop();
    await mailbox.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it('brings back the same product with its sessions ended and every email sent once', async () => {
    const dirA = path.join(tmp, 'a');
    const dirB = path.join(tmp, 'b');
    const file = path.join(tmp, 'product.backup');
    stack = await start(dirA);
    cookie = await login();

    // A school, a block, a provider, two activities; sign-ups approved, rejected and new.
    const {
      school,
      activities: [act1, act2],
      signUp: signUpAt,
    } = await seedCatalog({ school: 'Oefenschool', block: 'Voorjaar', provider: 'Sportclub' }, [
      { title: 'Voetbal', capacity: 3, weekday: 2, startTime: '15:00' },
      { title: 'Tekenen', capacity: 5, weekday: 2, startTime: '16:00' },
    ]);
    if (!act1 || !act2) throw new Error('activities not made');
    const signUp = (n: number, activityId: number) =>
      signUpAt(activityId, {
        firstName: `Kind${n}`,
        lastName: 'Oefening',
        parentName: `Ouder ${n}`,
        email: `ouder${n}@drill.example`,
      });
    const ids = [
      await signUp(1, act1.id),
      await signUp(2, act1.id),
      await signUp(3, act1.id),
      await signUp(4, act2.id),
    ];
    expect(
      (
        await api(`/api/admin/registrations/${ids[0]}/approve`, {
          method: 'POST',
          body: { sendEmail: true },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api(`/api/admin/registrations/${ids[1]}/reject`, {
          method: 'POST',
          body: { sendEmail: true, reason: 'Vol' },
        })
      ).status,
    ).toBe(200);
    const link = (
      await api(`/api/admin/activities/${act1.id}/provider-token/generate`, { method: 'POST' })
    ).json;
    const providerUrl = new URL(link.url as string);
    const participantsPath = `/api/provider/${act1.id}/participants?token=${providerUrl.searchParams.get('token')}`;

    // Four confirmations, an approval and a rejection.
    await until(
      'the first emails',
      async () => (mailbox.byId.size >= 6 ? true : undefined),
      60_000,
    );
    await sleep(500);
    const sentBefore = mailbox.byId.size;

    // Y: recorded by svc-notify, not sent (SMTP down). X: in JetStream only (svc-notify stopped).
    await mailbox.stop();
    const y = await signUp(5, act2.id);
    await until(
      'Y recorded by svc-notify',
      async () =>
        (await sql(dirA, 'SELECT 1 FROM notify.deliveries WHERE registration_id = $1', [y])).length
          ? true
          : undefined,
      30_000,
    );
    const notifyPid = pidOf(dirA, 'notify-1');
    process.kill(notifyPid, 'SIGSTOP');
    // What the restored product must show again.
    let before: Record<string, any> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      const x = await signUp(6, act2.id);
      await until(
        'X published',
        async () =>
          (
            await sql(
              dirA,
              `SELECT 1 FROM registrations.outbox WHERE published_at IS NOT NULL
                 AND type = 'registrations.registration.created' AND (data->>'registrationId')::int = $1`,
              [x],
            )
          ).length
            ? true
            : undefined,
        30_000,
      );

      before = {
        schools: (await api('/api/schools')).json,
        registrations: (await api(`/api/admin/registrations?schoolId=${school.id}&limit=100`)).json
          .data,
        participants: await api(participantsPath),
        audit: (await api('/api/admin/audit?limit=100')).json.data.map((e: { id: string }) => e.id),
      };
      expect(before.participants.status).toBe(200);
      expect(before.audit.length).toBeGreaterThan(5);

      const backup = await backupProduct({
        out: file,
        env: { DATA_DIR: dirA, GATEWAY_PORT: String(GATEWAY_PORT) },
        repoRoot: repo,
      });
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      // R-OPS-BACKUP-SEALED: made once beside the data, never inside the backup.
      const identity = path.join(dirA, 'backup-identity');
      expect(fs.statSync(identity).mode & 0o777).toBe(0o600);
      const plain = await decrypt(file, identity);
      expect(
        execFileSync('tar', ['-tf', plain], { encoding: 'utf8' })
          .split('\n')
          .filter(Boolean)
          .sort(),
      ).toEqual(['database.pgdump', 'manifest.json', 'secrets.json']);
      expect(backup.manifest.database.rows['registrations.registrations']).toBe(6);
      expect(backup.manifest.database.rows['identity.sessions']).toBeGreaterThan(0);
      expect(
        (await sql(dirA, 'SELECT 1 FROM notify.deliveries WHERE registration_id = $1', [x])).length,
      ).toBe(0);
      const [pending] = await sql<{ status: string }>(
        dirA,
        'SELECT status FROM notify.deliveries WHERE registration_id = $1',
        [y],
      );
      expect(pending?.status).toBe('pending');
    } finally {
      process.kill(notifyPid, 'SIGCONT');
    }
    const oldCookie = cookie;
    await stack.stop();
    stack = undefined;
    await mailbox.start();

    const keys = { BACKUP_IDENTITY: path.join(dirA, 'backup-identity') };
    const restored = await restoreProduct({
      file,
      env: { DATA_DIR: dirB, GATEWAY_PORT: String(GATEWAY_PORT), ...keys },
      repoRoot: repo,
    });
    expect(restored.sessionsEnded).toBeGreaterThan(0);
    expect(restored.republish.registrations).toBeGreaterThanOrEqual(8);
    expect(fs.readFileSync(path.join(dirB, 'session-secret'), 'utf8')).toBe(
      fs.readFileSync(path.join(dirA, 'session-secret'), 'utf8'),
    );
    // Only into an empty DATA_DIR.
    await expect(
      restoreProduct({
        file,
        env: { DATA_DIR: dirB, GATEWAY_PORT: String(GATEWAY_PORT), ...keys },
        repoRoot: repo,
      }),
    ).rejects.toThrow(/already holds a database/);

    stack = await start(dirB);
    // The old admin session is over; logging in works.
    cookie = oldCookie;
    expect((await api('/api/admin/registrations?limit=1')).status).toBe(401);
    cookie = await login();

    expect((await api('/api/schools')).json).toEqual(before.schools);
    const regs = (await api(`/api/admin/registrations?schoolId=${school.id}&limit=100`)).json.data;
    const brief = (list: Array<{ id: number; status: string; childFirstName: string }>) =>
      list.map((r) => [r.id, r.status, r.childFirstName]).sort();
    expect(brief(regs)).toEqual(brief(before.registrations));
    expect(regs.find((r: { id: number }) => r.id === ids[0]).status).toBe('approved');
    expect(regs.find((r: { id: number }) => r.id === ids[1]).status).toBe('rejected');
    const participants = await api(participantsPath);
    expect(participants.status).toBe(200);
    expect(participants.json).toEqual(before.participants.json);
    const audit = (await api('/api/admin/audit?limit=100')).json.data.map(
      (e: { id: string }) => e.id,
    );
    expect(audit).toEqual(expect.arrayContaining(before.audit));

    // Both outstanding emails arrive; every event published again is dropped by its consumers.
    await until(
      'the emails outstanding at the backup',
      async () =>
        mailbox.to.has('ouder5@drill.example') && mailbox.to.has('ouder6@drill.example')
          ? true
          : undefined,
      60_000,
    );
    await until(
      'every event published again',
      async () => {
        const [left] = await sql<{ n: number }>(
          dirB,
          `SELECT (SELECT count(*) FROM catalog.outbox WHERE published_at IS NULL)
                + (SELECT count(*) FROM registrations.outbox WHERE published_at IS NULL)
                + (SELECT count(*) FROM identity.outbox WHERE published_at IS NULL)
                + (SELECT count(*) FROM notify.outbox WHERE published_at IS NULL)
                + (SELECT count(*) FROM notify.deliveries WHERE status = 'pending') AS n`,
        );
        return Number(left!.n) === 0 ? true : undefined;
      },
      30_000,
    );
    await sleep(2000);
    expect(mailbox.duplicates()).toEqual([]);
    expect(mailbox.byId.size).toBe(sentBefore + 2);
  }, 300_000);
});

/**
 * R-OPS-BACKUP-SEALED on a small product made by hand in a real PostgreSQL: each service's role
 * owns its schema with an outbox (identity also sessions), the audit store holds one entry, and
 * catalog a table with a child's name. The backups are made to BACKUP_RECIPIENT (an identity
 * made apart, as an operator would with age-keygen) and restored with BACKUP_IDENTITY.
 */
describe('a backup is encrypted and signed with keys outside it, and restored by the owners', () => {
  const CHILD = 'Zilvertje Verzegeld';
  const secrets = {
    SESSION_SECRET: generateSecret(32),
    LINK_SEAL_SECRET: generateSecret(32),
    IDENTITY_SECRET: generateSecret(32),
  };
  let dir: string;
  let source: { adminUrl: string; proc: { stop(): Promise<void> } } | undefined;
  let pgPort: number;
  /** The restored clusters' (one at a time), beside the source's. */
  let targetPort: number;
  let identityFile: string;
  let recipient: string;
  let backupEnv: NodeJS.ProcessEnv;
  let clean: string;
  let evil: string;
  let n = 0;
  const target = () => path.join(dir, `target-${++n}`);
  const restoreEnv = (dataDir: string, extra: NodeJS.ProcessEnv = {}) => ({
    DATA_DIR: dataDir,
    GATEWAY_PORT: String(GATEWAY_PORT),
    PG_PORT: String(targetPort),
    BACKUP_IDENTITY: identityFile,
    ...extra,
  });

  async function asRole(url: string, statements: string[]): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const text of statements) await client.query(text);
    } finally {
      await client.end();
    }
  }

  async function backup(name: string): Promise<string> {
    const out = path.join(dir, name);
    await backupProduct({ out, env: backupEnv, repoRoot: repo });
    return out;
  }

  /** The roles of a restored DATA_DIR's cluster, started for the question. */
  async function rolesOf(dataDir: string): Promise<Array<{ rolname: string; rolsuper: boolean }>> {
    const { adminUrl, proc } = await startPostgres({
      dataDir: path.join(dataDir, 'postgres', 'data'),
      port: targetPort,
      logFile: path.join(dir, 'roles.log'),
    });
    try {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        return (
          await client.query<{ rolname: string; rolsuper: boolean }>(
            'SELECT rolname, rolsuper FROM pg_roles ORDER BY 1',
          )
        ).rows;
      } finally {
        await client.end();
      }
    } finally {
      await proc.stop();
    }
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealed-backup-'));
    pgPort = await freePort();
    targetPort = await freePort();
    expect(targetPort).not.toBe(pgPort);
    const src = path.join(dir, 'source');
    fs.mkdirSync(path.join(src, 'logs'), { recursive: true });
    source = await startPostgres({
      dataDir: path.join(src, 'postgres', 'data'),
      port: pgPort,
      logFile: path.join(src, 'logs', 'postgres.log'),
    });
    const urls: Record<string, string> = {};
    for (const s of ['catalog', 'registrations', 'identity', 'notify'])
      urls[s] = await ensureServiceDatabase(source.adminUrl, s, { database: 'naschool' });
    for (const s of Object.keys(urls))
      await asRole(urls[s]!, [
        `CREATE TABLE ${s}.outbox (id serial PRIMARY KEY, published_at timestamptz)`,
        `INSERT INTO ${s}.outbox (published_at) VALUES (now()), (NULL)`,
      ]);
    await asRole(urls.identity!, [
      'CREATE TABLE identity.sessions (id text PRIMARY KEY)',
      "INSERT INTO identity.sessions VALUES ('s1')",
      `INSERT INTO identity_audit.audit_entries (id, at, service, actor_type, action, target_type)
         VALUES (gen_random_uuid(), now(), 'identity', 'system', 'probe', 'probe')`,
    ]);
    await asRole(urls.catalog!, [
      'CREATE TABLE catalog.children (id int PRIMARY KEY, first_name text NOT NULL)',
      `INSERT INTO catalog.children VALUES (1, ${pg.escapeLiteral(CHILD)})`,
      // Every row copied in on a restore is checked: by whom? Never a superuser.
      `CREATE FUNCTION catalog.not_by_superuser() RETURNS boolean LANGUAGE sql
         AS $$ SELECT NOT rolsuper FROM pg_roles WHERE rolname = session_user $$`,
      'ALTER TABLE catalog.children ADD CONSTRAINT restored_by_owner CHECK (catalog.not_by_superuser())',
    ]);

    // The backups' key pair, made apart from the product (as `age-keygen -o FILE` would).
    const identity = await generateX25519Identity();
    recipient = await identityToRecipient(identity);
    identityFile = path.join(dir, 'operator-identity.txt');
    fs.writeFileSync(identityFile, `# public key: ${recipient}\n${identity}\n`, { mode: 0o600 });
    backupEnv = {
      DATA_DIR: src,
      GATEWAY_PORT: String(GATEWAY_PORT),
      PG_PORT: String(pgPort),
      BACKUP_RECIPIENT: recipient,
      ...secrets,
    };
    const lines: string[] = [];
    clean = path.join(dir, 'clean.backup');
    await backupProduct({ out: clean, env: backupEnv, repoRoot: repo, log: (l) => lines.push(l) });
    // The line the backup printed goes into the identity file: what a restore trusts.
    const signer = /"(# backup-signer: [A-Za-z0-9_-]{43})"/.exec(lines.join('\n'))?.[1];
    expect(signer, lines.join('\n')).toBeDefined();
    fs.appendFileSync(identityFile, `${signer}\n`);

    // A catalog whose restore runs SQL outside its schema: a CHECK calls a function that makes
    // a superuser role, for every row copied in (but not here, where the setting is on).
    await asRole(urls.catalog!, [
      `CREATE FUNCTION catalog.name_ok(n text) RETURNS boolean LANGUAGE plpgsql AS $$
       BEGIN
         IF current_setting('naschool.fixture', true) = 'on' THEN RETURN true; END IF;
         EXECUTE 'CREATE ROLE evil LOGIN SUPERUSER';
         RETURN true;
       END $$`,
      "SET naschool.fixture = 'on'",
      'ALTER TABLE catalog.children ADD CONSTRAINT name_ok CHECK (catalog.name_ok(first_name))',
    ]);
    evil = await backup('evil.backup');
  }, 180_000);

  afterAll(async () => {
    await source?.proc.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('R-OPS-BACKUP-SEALED: the file holds neither a child name nor a secret in plain text', () => {
    const bytes = fs.readFileSync(clean);
    for (const plain of [CHILD, 'Zilvertje', secrets.SESSION_SECRET, secrets.IDENTITY_SECRET])
      expect(bytes.includes(Buffer.from(plain)), plain).toBe(false);
    expect(bytes.includes(Buffer.from('SESSION_SECRET'))).toBe(false);
    expect(bytes.subarray(0, 22).toString()).toBe('age-encryption.org/v1\n');
    expect(fs.statSync(clean).mode & 0o777).toBe(0o600);
  });

  it('R-OPS-BACKUP-SEALED: a restore without the identity fails clearly and writes nothing', async () => {
    const to = target();
    await expect(
      restoreProduct({ file: clean, env: restoreEnv(to, { BACKUP_IDENTITY: '' }), repoRoot: repo }),
    ).rejects.toThrow(/BACKUP_IDENTITY is not set and there is no .*backup-identity/);
    expect(fs.existsSync(to)).toBe(false);
    // An identity that names no signer is refused as clearly.
    const bare = path.join(dir, 'bare-identity.txt');
    fs.writeFileSync(
      bare,
      fs
        .readFileSync(identityFile, 'utf8')
        .split('\n')
        .filter((l) => !l.startsWith('# backup-signer'))
        .join('\n'),
    );
    await expect(
      restoreProduct({
        file: clean,
        env: restoreEnv(to, { BACKUP_IDENTITY: bare }),
        repoRoot: repo,
      }),
    ).rejects.toThrow(/names no backup signer/);
    expect(fs.existsSync(to)).toBe(false);
  });

  it('R-OPS-BACKUP-SEALED: a file with one byte changed is refused before anything is written', async () => {
    const size = fs.statSync(clean).size;
    // The age header, the first and last encrypted bytes, the end of the data (a plain tar's
    // zero padding), and the signature.
    for (const at of [30, 200, Math.floor(size / 2), size - TRAILER_BYTES - 1, size - 2]) {
      const changed = path.join(dir, `changed-${at}.backup`);
      const bytes = fs.readFileSync(clean);
      bytes[at] = bytes[at]! ^ 0x01;
      fs.writeFileSync(changed, bytes, { mode: 0o600 });
      const to = target();
      await expect(
        restoreProduct({ file: changed, env: restoreEnv(to), repoRoot: repo }),
        `byte ${at}`,
      ).rejects.toThrow(/has been changed/);
      expect(fs.existsSync(to), `byte ${at}`).toBe(false);
    }
  });

  it('R-OPS-BACKUP-SEALED: a file made with only the public recipient is refused', async () => {
    // The forger's own backup: any tar, encrypted to the recipient (public), signed by a key
    // of its own, or carrying the product's signer with a signature it cannot make.
    const tar = await decrypt(evil, identityFile);
    const forge = async (name: string, signingKey: crypto.KeyObject, signer: string) => {
      const out = path.join(dir, name);
      const fd = fs.openSync(out, 'wx', 0o600);
      try {
        await sealTo(fs.createReadStream(tar), fd, { recipient, signingKey, signer });
      } finally {
        fs.closeSync(fd);
      }
      return out;
    };
    const own = crypto.generateKeyPairSync('ed25519').privateKey;
    const ownSigner = crypto.createPublicKey(own).export({ format: 'jwk' }).x!;
    const trusted = /# backup-signer: (\S+)/.exec(fs.readFileSync(identityFile, 'utf8'))![1]!;
    for (const [file, error] of [
      [await forge('forged-own.backup', own, ownSigner), /signed by a key that .* does not name/],
      [await forge('forged-theirs.backup', own, trusted), /has been changed since it was signed/],
    ] as const) {
      const to = target();
      await expect(restoreProduct({ file, env: restoreEnv(to), repoRoot: repo })).rejects.toThrow(
        error,
      );
      expect(fs.existsSync(to)).toBe(false);
    }
  });

  it('R-OPS-BACKUP-SEALED: SQL outside its schema cannot run: refused unsigned, and signed it lacks the privilege', async () => {
    // Changed after signing: the signature fails before anything runs.
    const bytes = fs.readFileSync(evil);
    const changed = path.join(dir, 'evil-changed.backup');
    const mid = Math.floor(bytes.length / 2);
    bytes[mid] = bytes[mid]! ^ 0x01;
    fs.writeFileSync(changed, bytes, { mode: 0o600 });
    await expect(
      restoreProduct({ file: changed, env: restoreEnv(target()), repoRoot: repo }),
    ).rejects.toThrow(/has been changed/);

    // Signed by the product's own key (a stolen signing key): restored by catalog's role, the
    // function has no right to make a role.
    const to = target();
    const failed = await restoreProduct({ file: evil, env: restoreEnv(to), repoRoot: repo }).then(
      () => new Error('restored'),
      (err: Error) => err,
    );
    expect(failed.message).toMatch(
      /must be superuser to create superusers|permission denied to create role/,
    );
    // The error names the row's line, not its contents (a child's name).
    expect(failed.message).not.toContain('Zilvertje');
    const roles = await rolesOf(to);
    expect(roles.map((r) => r.rolname)).not.toContain('evil');
    expect(roles.filter((r) => r.rolsuper).map((r) => r.rolname)).toEqual(['postgres']);
  }, 120_000);

  it('R-OPS-BACKUP-SEALED: the round trip restores every schema as its owner', async () => {
    // catalog.children's CHECK refuses rows copied in by a superuser's session.
    const to = target();
    const r = await restoreProduct({ file: clean, env: restoreEnv(to), repoRoot: repo });
    expect(r.manifest.database.rows['catalog.children']).toBe(1);
    expect(r.sessionsEnded).toBe(1);
    expect(r.republish).toEqual({ catalog: 1, registrations: 1, identity: 1, notify: 1 });
    expect(fs.readFileSync(path.join(to, 'session-secret'), 'utf8')).toBe(secrets.SESSION_SECRET);
    const { adminUrl, proc } = await startPostgres({
      dataDir: path.join(to, 'postgres', 'data'),
      port: targetPort,
      logFile: path.join(dir, 'check.log'),
    });
    try {
      const client = new pg.Client({
        connectionString: adminUrl.replace(/\/postgres$/, '/naschool'),
      });
      await client.connect();
      try {
        const child = await client.query('SELECT first_name FROM catalog.children');
        expect(child.rows).toEqual([{ first_name: CHILD }]);
        const owners = await client.query<{ schema: string; owner: string }>(
          `SELECT DISTINCT n.nspname AS schema, pg_get_userbyid(c.relowner) AS owner
             FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname IN ('catalog', 'registrations', 'identity', 'notify', 'identity_audit')
            ORDER BY 1`,
        );
        expect(owners.rows).toEqual([
          { schema: 'catalog', owner: 'svc_catalog' },
          { schema: 'identity', owner: 'svc_identity' },
          { schema: 'identity_audit', owner: 'svc_identity_audit' },
          { schema: 'notify', owner: 'svc_notify' },
          { schema: 'registrations', owner: 'svc_registrations' },
        ]);
        const audit = await client.query('SELECT action FROM identity_audit.audit_entries');
        expect(audit.rows).toEqual([{ action: 'probe' }]);
      } finally {
        await client.end();
      }
    } finally {
      await proc.stop();
    }
  }, 120_000);
});

// R-ERASURE-LEDGER, R-ERASURE-REPLAY: families erased after the backup stay erased after a
// restore of it. At the backup, the emails of four sign-ups are outstanding (SMTP down): those of
// a parent who then erases the sign-up with their own link, of a parent (two children) whom an
// admin then erases by address, and of a family that is kept. The restore reads the erasure
// ledger of the old DATA_DIR: after the start, the erased sign-ups are erased in the API and in
// every service's tables, no email reaches the erased addresses, the kept family's does, and
// the audit log shows each erasure done again.
describe.skipIf(!built)('a restore does every erasure made since the backup again', () => {
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-ledger-'));
    await mailbox.start();
  });

  afterAll(async () => {
    await stack?.stop();
    stack = undefined;
    await mailbox.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it('keeps erased families and a deleted organisation erased: no data, no email, the replay in the audit log', async () => {
    await stack?.stop();
    stack = undefined;
    const dirC = path.join(tmp, 'c');
    const dirD = path.join(tmp, 'd');
    const file = path.join(tmp, 'erasures.backup');
    const ledger = path.join(dirC, 'erasures');
    stack = await start(dirC);
    cookie = await login();

    const {
      school,
      activities: [act],
      signUp: signUpAt,
    } = await seedCatalog({ school: 'Wisschool', block: 'Najaar', provider: 'Judoclub' }, [
      { title: 'Judo', capacity: 10, weekday: 3, startTime: '15:00' },
    ]);
    if (!act) throw new Error('activity not made');
    const signUp = (child: string, email: string) =>
      signUpAt(act.id, {
        firstName: child,
        lastName: 'Wisproef',
        parentName: `Ouder van ${child}`,
        email,
      });
    const PARENT = 'eigen.wis@drill.example';
    const ADMIN_ERASED = 'beheer.wis@drill.example';
    const KEPT = 'blijft@drill.example';
    const p = await signUp('Pieter', PARENT);
    const a1 = await signUp('Anna', ADMIN_ERASED);
    const a2 = await signUp('Amir', ADMIN_ERASED);
    const k = await signUp('Karel', KEPT);
    const to = (address: string) => mailbox.to.get(address)?.length ?? 0;
    await until(
      'the confirmations',
      async () => ([PARENT, ADMIN_ERASED, KEPT].every((m) => to(m) > 0) ? true : undefined),
      60_000,
    );

    // Approvals whose emails are outstanding at the backup: recorded, not sent (SMTP down).
    await mailbox.stop();
    for (const id of [p, a1, a2, k])
      expect(
        (
          await api(`/api/admin/registrations/${id}/approve`, {
            method: 'POST',
            body: { sendEmail: true },
          })
        ).status,
      ).toBe(200);
    await until(
      'the approvals recorded by svc-notify',
      async () =>
        (
          await sql(
            dirC,
            `SELECT 1 FROM notify.deliveries WHERE status = 'pending' AND kind = 'registration-approved'
               AND registration_id = ANY($1)`,
            [[p, a1, a2, k]],
          )
        ).length === 4
          ? true
          : undefined,
      30_000,
    );
    // R-PLATFORM-DELETE: a second organisation with a school of its own, in the backup.
    const platformLogin = await fetch(`http://127.0.0.1:${GATEWAY_PORT}/api/platform/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({
        email: env.BOOTSTRAP_PLATFORM_EMAIL,
        password: env.BOOTSTRAP_PLATFORM_PASSWORD,
      }),
    });
    expect(platformLogin.status).toBe(200);
    const platformCookie = platformLogin.headers.getSetCookie()[0]!.split(';')[0]!;
    const platform = (p: string, method: string, body?: unknown) =>
      api(p, { method, body, headers: { cookie: platformCookie } });
    const second = await platform('/api/platform/organisations', 'POST', {
      slug: 'tweede-wis',
      name: 'Welzijn Tweede',
      hosts: ['tweede-wis.localhost'],
      contactEmail: 'info@tweede-wis.example',
      publicBaseUrl: 'http://tweede-wis.localhost',
      firstAdmin: { email: 'beheer@tweede-wis.example', name: 'Tweede Beheer' },
    });
    expect(second.status, JSON.stringify(second.json)).toBe(201);
    const secondId = second.json.id as number;
    await sql(
      dirC,
      `INSERT INTO catalog.schools (name, access_token, organisation_id)
       VALUES ('Tweedeschool', md5(random()::text), $1)`,
      [secondId],
    );
    const rowsOfSecond = async (dir: string) => {
      const tables = await sql<{ s: string; t: string }>(
        dir,
        `SELECT table_schema AS s, table_name AS t FROM information_schema.columns
          WHERE column_name = 'organisation_id' AND table_schema IN
            ('catalog', 'registrations', 'notify', 'identity')`,
      );
      const held: string[] = [];
      for (const { s, t } of tables) {
        const [row] = await sql<{ n: number }>(
          dir,
          `SELECT count(*)::int AS n FROM "${s}"."${t}" WHERE organisation_id = $1`,
          [secondId],
        );
        if (row!.n > 0) held.push(`${s}.${t}`);
      }
      const org = await sql(dir, 'SELECT 1 FROM identity.organisations WHERE id = $1', [secondId]);
      return org.length > 0 ? [...held, 'identity.organisations'] : held;
    };
    expect(await rowsOfSecond(dirC)).toEqual(
      expect.arrayContaining(['catalog.schools', 'identity.users', 'identity.organisations']),
    );

    const backup = await backupProduct({
      out: file,
      env: { DATA_DIR: dirC, GATEWAY_PORT: String(GATEWAY_PORT) },
      repoRoot: repo,
    });
    expect(backup.manifest.database.rows['registrations.registrations']).toBe(4);

    // After the backup, the platform deletes the second organisation.
    expect(
      (await platform(`/api/platform/organisations/${secondId}`, 'PATCH', { status: 'suspended' }))
        .status,
    ).toBe(200);
    expect((await platform(`/api/platform/organisations/${secondId}`, 'DELETE')).status).toBe(204);
    expect(await rowsOfSecond(dirC)).toEqual([]);

    // After the backup: the parent erases their sign-up, an admin erases the other address.
    const [created] = await sql<{ data: { notification: { sealedLink: string } } }>(
      dirC,
      `SELECT data FROM registrations.outbox
        WHERE type = 'registrations.registration.created' AND (data->>'registrationId')::int = $1`,
      [p],
    );
    const seal = fs.readFileSync(path.join(dirC, 'link-seal-secret'), 'utf8').trim();
    const token = openLink(created!.data.notification.sealedLink, seal)!.split('#')[1]!;
    const own = await api('/api/my-signup/erase', {
      method: 'POST',
      headers: { 'x-manage-token': token },
    });
    expect(own.status, JSON.stringify(own.json)).toBe(200);
    const byAdmin = await api('/api/admin/privacy/erase', {
      method: 'POST',
      body: { email: ` ${ADMIN_ERASED.toUpperCase()}` },
    });
    expect(byAdmin.status, JSON.stringify(byAdmin.json)).toBe(200);
    await stack.stop();
    stack = undefined;
    await mailbox.start();
    const sentBefore = { parent: to(PARENT), admin: to(ADMIN_ERASED), kept: to(KEPT) };

    // Into an empty DATA_DIR, with the old one's ledger (kept apart from the database).
    const restored = await restoreProduct({
      file,
      env: {
        DATA_DIR: dirD,
        GATEWAY_PORT: String(GATEWAY_PORT),
        ERASURE_LEDGER: ledger,
        BACKUP_IDENTITY: path.join(dirC, 'backup-identity'),
      },
      repoRoot: repo,
    });
    stack = await start(dirD, { ERASURE_LEDGER: ledger });
    cookie = await login();

    // The API: the three erased sign-ups hold no name; the kept one does.
    const regs = (await api(`/api/admin/registrations?schoolId=${school.id}&limit=100`)).json
      .data as Array<{ id: number; childFirstName: string; status: string }>;
    const named = Object.fromEntries(regs.map((r) => [r.id, r.childFirstName]));
    expect(named).toEqual({ [p]: '', [a1]: '', [a2]: '', [k]: 'Karel' });
    // The database: no table of any service holds the erased addresses or children.
    const held = await sql<{ n: number }>(
      dirD,
      `SELECT (SELECT count(*) FROM registrations.registrations
                WHERE id = ANY($1) AND (erased_at IS NULL OR email <> '' OR child_first_name <> ''))
            + (SELECT count(*) FROM notify.deliveries
                WHERE payload::text ~* 'wis@drill|Pieter|Anna|Amir') AS n`,
      [[p, a1, a2]],
    );
    expect(Number(held[0]!.n)).toBe(0);

    // Mail flows (the kept family's outstanding approval arrives), none to an erased address.
    await until(
      'the kept approval',
      async () => (to(KEPT) > sentBefore.kept ? true : undefined),
      60_000,
    );
    await until(
      'every event published again',
      async () => {
        const [left] = await sql<{ n: number }>(
          dirD,
          `SELECT (SELECT count(*) FROM registrations.outbox WHERE published_at IS NULL)
                + (SELECT count(*) FROM notify.deliveries WHERE status = 'pending') AS n`,
        );
        return Number(left!.n) === 0 ? true : undefined;
      },
      30_000,
    );
    await sleep(2000);
    expect({ parent: to(PARENT), admin: to(ADMIN_ERASED) }).toEqual({
      parent: sentBefore.parent,
      admin: sentBefore.admin,
    });

    // The audit log: each erasure done again, by the system.
    const replayed = await until(
      'the replay in the audit log',
      async () => {
        const data = (await api('/api/admin/audit?action=erasure.replayed&limit=100')).json
          .data as Array<{ action: string; actor: { type: string } }>;
        const mine = data.filter((e) => e.action === 'erasure.replayed');
        return mine.length >= 2 ? mine : undefined;
      },
      30_000,
    );
    expect(replayed.map((e) => e.actor.type)).toEqual(['system', 'system']);
    expect(restored.erasures).toMatchObject({
      entries: 3,
      replayed: 3,
      signups: 3,
      organisations: 1,
    });
    // The deleted organisation, back with the backup, was deleted again before anything ran.
    expect(await rowsOfSecond(dirD)).toEqual([]);

    // The ledger names nobody: times, kinds, ids, and a keyed hash of the address.
    const text = fs.readFileSync(ledger, 'utf8');
    expect(text.trim().split('\n')).toHaveLength(3);
    expect(text).not.toMatch(/wis@|drill|Pieter|Anna|Amir/i);
    expect(fs.statSync(`${ledger}.key`).mode & 0o777).toBe(0o600);
  }, 400_000);
});
