// The restore drill (R-OPS-BACKUP, R-OPS-RESTORE): the real product (startStack) with schools,
// activities, sign-ups in three statuses, a provider link and audit entries, backed up while it
// runs, then brought back into an empty DATA_DIR and started there. Two emails are outstanding
// at the backup: one recorded by svc-notify but not yet sent (the SMTP server is down), and one
// whose event JetStream holds but svc-notify has not taken yet (svc-notify is stopped with
// SIGSTOP), which exists nowhere in PostgreSQL but the publisher's outbox. The emails are
// counted by Message-ID across both runs at the test's own SMTP server: after the restore both
// outstanding ones arrive and no email arrives twice.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingAdminUrl } from '@nsa/local-infra';
import { openLink } from '@nsa/service-kit';
import { startStack, type Stack } from '../local/stack.js';
import { backupProduct } from '../ops/backup.js';
import { restoreProduct } from '../ops/restore.js';

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
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  MAIL_RETRY_BASE_MS: '200',
  MAIL_RETRY_MAX_MS: '1000',
  LOG_LEVEL: 'warn',
};
const mailbox = new Mailbox();
const lines: string[] = [];
let stack: Stack | undefined;
let tmp: string;

function start(dataDir: string): Promise<Stack> {
  return startStack({
    gatewayPort: GATEWAY_PORT,
    dataDir,
    env: { ...env, DATA_DIR: dataDir, GATEWAY_PORT: String(GATEWAY_PORT) },
    log: (l) => lines.push(l),
    healthTimeoutMs: 90_000,
  });
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

const pidOf = (dataDir: string, part: string) =>
  Number(fs.readFileSync(path.join(dataDir, 'pids', `${part}.pid`), 'utf8').split('\n')[0]);

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-drill-'));
  await mailbox.start();
});

afterAll(async () => {
  await stack?.stop();
  await mailbox.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}, 60_000);

describe.skipIf(!built)('backup while running, restore into an empty DATA_DIR', () => {
  it('brings back the same product with its sessions ended and every email sent once', async () => {
    const dirA = path.join(tmp, 'a');
    const dirB = path.join(tmp, 'b');
    const file = path.join(tmp, 'product.backup');
    stack = await start(dirA);
    cookie = await login();

    // A school, a block, a provider, two activities; sign-ups approved, rejected and new.
    const school = (await api('/api/schools', { method: 'POST', body: { name: 'Oefenschool' } }))
      .json;
    const block = (
      await api('/api/blocks', {
        method: 'POST',
        body: { name: 'Voorjaar', weekStart: 1, weekEnd: 53 },
      })
    ).json;
    const provider = (await api('/api/providers', { method: 'POST', body: { name: 'Sportclub' } }))
      .json;
    const activity = async (title: string, capacity: number, startTime: string) =>
      (
        await api('/api/activities', {
          method: 'POST',
          body: {
            title,
            capacity,
            weekday: 2,
            startTime,
            schoolId: school.id,
            blockId: block.id,
            providerId: provider.id,
            isLocked: false,
            isHidden: false,
          },
        })
      ).json as { id: number };
    const act1 = await activity('Voetbal', 3, '15:00');
    const act2 = await activity('Tekenen', 5, '16:00');
    const signUp = async (n: number, activityId: number) => {
      const r = await api('/api/registrations', {
        method: 'POST',
        headers: { 'x-school-token': school.accessToken },
        body: {
          activityId,
          childFirstName: `Kind${n}`,
          childLastName: 'Oefening',
          childDateOfBirth: '2016-04-04',
          childGroup: 'groep5',
          parentName: `Ouder ${n}`,
          email: `ouder${n}@drill.example`,
          phone: '0612345678',
        },
      });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      return r.json.registration.id as number;
    };
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
      expect(
        execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).split('\n').filter(Boolean).sort(),
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

    const restored = await restoreProduct({
      file,
      env: { DATA_DIR: dirB, GATEWAY_PORT: String(GATEWAY_PORT) },
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
        env: { DATA_DIR: dirB, GATEWAY_PORT: String(GATEWAY_PORT) },
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

// R-ERASURE-LEDGER, R-ERASURE-REPLAY: families erased after the backup stay erased after a
// restore of it. At the backup, the emails of four sign-ups are outstanding (SMTP down): those of
// a parent who then erases the sign-up with their own link, of a parent (two children) whom an
// admin then erases by address, and of a family that is kept. The restore reads the erasure
// ledger of the old DATA_DIR: after the start, the erased sign-ups are erased in the API and in
// every service's tables, no email reaches the erased addresses, the kept family's does, and
// the audit log shows each erasure done again.
describe.skipIf(!built)('a restore does every erasure made since the backup again', () => {
  it('keeps erased families erased: no data, no email, the replay in the audit log', async () => {
    await stack?.stop();
    stack = undefined;
    const dirC = path.join(tmp, 'c');
    const dirD = path.join(tmp, 'd');
    const file = path.join(tmp, 'erasures.backup');
    const ledger = path.join(dirC, 'erasures');
    const startOn = (dataDir: string, extra: Record<string, string> = {}) =>
      startStack({
        gatewayPort: GATEWAY_PORT,
        dataDir,
        env: { ...env, DATA_DIR: dataDir, GATEWAY_PORT: String(GATEWAY_PORT), ...extra },
        log: (l) => lines.push(l),
        healthTimeoutMs: 90_000,
      });
    stack = await startOn(dirC);
    cookie = await login();

    const school = (await api('/api/schools', { method: 'POST', body: { name: 'Wisschool' } }))
      .json;
    const block = (
      await api('/api/blocks', {
        method: 'POST',
        body: { name: 'Najaar', weekStart: 1, weekEnd: 53 },
      })
    ).json;
    const provider = (await api('/api/providers', { method: 'POST', body: { name: 'Judoclub' } }))
      .json;
    const act = (
      await api('/api/activities', {
        method: 'POST',
        body: {
          title: 'Judo',
          capacity: 10,
          weekday: 3,
          startTime: '15:00',
          schoolId: school.id,
          blockId: block.id,
          providerId: provider.id,
          isLocked: false,
          isHidden: false,
        },
      })
    ).json as { id: number };
    const signUp = async (child: string, email: string) => {
      const r = await api('/api/registrations', {
        method: 'POST',
        headers: { 'x-school-token': school.accessToken },
        body: {
          activityId: act.id,
          childFirstName: child,
          childLastName: 'Wisproef',
          childDateOfBirth: '2016-04-04',
          childGroup: 'groep5',
          parentName: `Ouder van ${child}`,
          email,
          phone: '0612345678',
        },
      });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      return r.json.registration.id as number;
    };
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
    const backup = await backupProduct({
      out: file,
      env: { DATA_DIR: dirC, GATEWAY_PORT: String(GATEWAY_PORT) },
      repoRoot: repo,
    });
    expect(backup.manifest.database.rows['registrations.registrations']).toBe(4);

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
      env: { DATA_DIR: dirD, GATEWAY_PORT: String(GATEWAY_PORT), ERASURE_LEDGER: ledger },
      repoRoot: repo,
    });
    stack = await startOn(dirD, { ERASURE_LEDGER: ledger });
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
    expect(restored.erasures).toMatchObject({ entries: 2, replayed: 2, signups: 3 });

    // The ledger names nobody: times, kinds, ids, and a keyed hash of the address.
    const text = fs.readFileSync(ledger, 'utf8');
    expect(text.trim().split('\n')).toHaveLength(2);
    expect(text).not.toMatch(/wis@|drill|Pieter|Anna|Amir/i);
    expect(fs.statSync(`${ledger}.key`).mode & 0o777).toBe(0o600);
  }, 400_000);
});
