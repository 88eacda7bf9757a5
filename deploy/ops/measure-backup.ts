// Measures backup and restore of a product with many sign-ups (docs/operations.md):
//   npm -w deploy run measure:backup -- [SIGNUPS=100000] [GATEWAY_PORT=19460]
// Starts the product in a temporary DATA_DIR, makes one sign-up through the API and copies it
// with SQL into SIGNUPS sign-ups (their outbox events, svc-notify's sent deliveries, the
// consumers' processed events and, for decided ones, an audit entry), all within the last
// 6 days, so every event is still in an outbox and goes out again after the restore. Then a
// backup while it runs, a restore into a new DATA_DIR, and a start there until every event
// went out again and every consumer caught up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { existingAdminUrl } from '@nsa/local-infra';
import { SERVICE_NAMES } from '../local/config.js';
import { findRepoRoot } from '../local/infra.js';
import { startStack, type Stack } from '../local/stack.js';
import { backupProduct } from './backup.js';
import { restoreProduct } from './restore.js';

const SIGNUPS = Number(process.argv[2] ?? 100_000);
const PORT = Number(process.argv[3] ?? 19_460);
const ACTIVITIES = 100;
const ADMIN = { email: 'measure@school.nl', password: 'Meten-Wachtwoord-2024!' };
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const repoRoot = findRepoRoot();
const say = (line: string) => console.log(`[measure] ${line}`);

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await sleep(250);
  }
}

function start(dataDir: string): Promise<Stack> {
  return startStack({
    gatewayPort: PORT,
    dataDir,
    repoRoot,
    env: {
      DATA_DIR: dataDir,
      GATEWAY_PORT: String(PORT),
      DEMO_DATA: '0',
      SIGNUP_RATE_LIMIT: '0',
      LOGIN_RATE_LIMIT: '0',
      BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
      BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    log: () => undefined,
    healthTimeoutMs: 150_000,
  });
}

async function db(dataDir: string, stack: Stack): Promise<pg.Client> {
  const url = new URL(
    existingAdminUrl(path.join(dataDir, 'postgres', 'data'), stack.ports.postgres),
  );
  url.pathname = '/naschool';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

async function api(cookie: string, method: string, p: string, body?: unknown, headers = {}) {
  const r = await fetch(`${base}${p}`, {
    method,
    headers: {
      cookie,
      origin: `http://localhost:${PORT}`,
      'content-type': 'application/json',
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await r.json().catch(() => undefined)) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

async function seed(stack: Stack, dataDir: string): Promise<void> {
  const login = await until(
    'login',
    async () => {
      const r = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${PORT}` },
        body: JSON.stringify(ADMIN),
      });
      return r.status === 200 ? r : undefined;
    },
    60_000,
  );
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const school = await api(cookie, 'POST', '/api/schools', { name: 'Meetschool' });
  const block = await api(cookie, 'POST', '/api/blocks', {
    name: 'Meetblok',
    weekStart: 1,
    weekEnd: 53,
  });
  const provider = await api(cookie, 'POST', '/api/providers', { name: 'Meetclub' });
  const ids: number[] = [];
  for (let i = 0; i < ACTIVITIES; i++) {
    const a = await api(cookie, 'POST', '/api/activities', {
      title: `Activiteit ${i + 1}`,
      capacity: Math.ceil(SIGNUPS / ACTIVITIES),
      weekday: 1 + (i % 5),
      startTime: `${String(12 + (Math.floor(i / 5) % 8)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
      schoolId: school.id,
      blockId: block.id,
      providerId: provider.id,
      isLocked: false,
      isHidden: false,
    });
    ids.push(a.id as number);
  }
  const c = await db(dataDir, stack);
  try {
    await until(
      'activities in svc-registrations',
      async () => {
        const r = await c.query('SELECT count(*)::int AS n FROM registrations.activities');
        return r.rows[0].n >= ACTIVITIES ? true : undefined;
      },
      60_000,
    );
    const first = await api(
      cookie,
      'POST',
      '/api/registrations',
      {
        activityId: ids[0],
        childFirstName: 'Sjabloon',
        childLastName: 'Meting',
        childDateOfBirth: '2016-04-04',
        childGroup: 'groep5',
        parentName: 'Ouder Meting',
        email: 'ouder@meting.example',
        phone: '0612345678',
      },
      { 'x-school-token': school.accessToken },
    );
    const rid = first.registration.id as number;
    await api(cookie, 'POST', `/api/admin/registrations/${rid}/approve`, { sendEmail: true });
    // The templates: the sign-up's and the approval's events, once both emails went out.
    const rows = await until(
      'the template sign-up handled',
      async () => {
        const r = await c.query<{ type: string; data: unknown }>(
          `SELECT type, data FROM registrations.outbox WHERE published_at IS NOT NULL
             AND (data->>'registrationId' = $1 OR data->'target'->>'id' = $1)`,
          [String(rid)],
        );
        const sent = await c.query(
          "SELECT 1 FROM notify.deliveries WHERE registration_id = $1 AND status = 'sent'",
          [rid],
        );
        return r.rows.length === 3 && sent.rows.length === 2 ? r.rows : undefined;
      },
      60_000,
    );
    const template = (type: string) => JSON.stringify(rows.find((r) => r.type === type)!.data);

    const t0 = performance.now();
    await c.query('BEGIN');
    // Sign-ups spread over the 6 days before the last 2 hours; 3 in 10 approved an hour later.
    await c.query(`CREATE TEMP TABLE seed ON COMMIT DROP AS
      SELECT g, (ARRAY[${ids.join(',')}])[1 + g % ${ACTIVITIES}] AS activity_id, g % 10 < 3 AS approved,
             now() - interval '2 hours' - make_interval(secs => (g * 511200.0 / ${SIGNUPS})) AS at,
             gen_random_uuid() AS created_id, gen_random_uuid() AS approved_id,
             gen_random_uuid() AS audit_id, gen_random_uuid() AS sent1_id, gen_random_uuid() AS sent2_id,
             NULL::integer AS rid
        FROM generate_series(1, ${SIGNUPS}) g`);
    await c.query(`INSERT INTO registrations.registrations (activity_id, school_id, block_id,
        child_first_name, child_last_name, child_date_of_birth, child_age, child_group, child_key,
        parent_name, email, phone, language, status, created_at, updated_at, approved_at,
        email_sent, approved_by_admin_id, approved_by_admin)
      SELECT s.activity_id, ${school.id}, ${block.id}, 'Kind' || g, 'Meting', DATE '2016-04-04', 9,
        'groep5', 'kind' || g || '|meting|2016-04-04', 'Ouder ' || g, 'ouder' || g || '@meting.example',
        '0612345678', 'nl', CASE WHEN s.approved THEN 'approved' ELSE 'new' END, s.at, s.at,
        CASE WHEN s.approved THEN s.at + interval '1 hour' END, s.approved,
        CASE WHEN s.approved THEN 1 END,
        CASE WHEN s.approved THEN '{"id": 1, "name": "Beheerder", "email": "${ADMIN.email}"}'::jsonb END
      FROM seed s ORDER BY g`);
    await c.query(`UPDATE seed s SET rid = r.id FROM registrations.registrations r
      WHERE r.child_key = 'kind' || s.g || '|meting|2016-04-04'`);
    await c.query(`INSERT INTO registrations.manage_tokens (token_hash, registration_id)
      SELECT encode(sha256(s.created_id::text::bytea), 'hex'), s.rid FROM seed s`);
    const outbox = (schema: string, select: string, values: unknown[] = []) =>
      c.query(
        `INSERT INTO ${schema}.outbox (id, subject, type, version, occurred_at, data, published_at)
         SELECT id, type, type, 1, at, data, at + interval '1 second' FROM (${select}) e ORDER BY at`,
        values,
      );
    await outbox(
      'registrations',
      `SELECT created_id AS id, 'registrations.registration.created' AS type, at,
              $1::jsonb || jsonb_build_object('registrationId', rid, 'activityId', activity_id) AS data
         FROM seed
       UNION ALL
       SELECT approved_id, 'registrations.registration.approved', at + interval '1 hour',
              $2::jsonb || jsonb_build_object('registrationId', rid, 'activityId', activity_id)
         FROM seed WHERE approved
       UNION ALL
       SELECT audit_id, 'registrations.audit.recorded', at + interval '1 hour',
              $3::jsonb || jsonb_build_object('id', audit_id, 'at', at + interval '1 hour',
                'target', jsonb_build_object('id', rid::text, 'type', 'registration'))
         FROM seed WHERE approved`,
      [
        template('registrations.registration.created'),
        template('registrations.registration.approved'),
        template('registrations.audit.recorded'),
      ],
    );
    await outbox(
      'notify',
      `SELECT sent1_id AS id, 'notify.email.sent' AS type, at + interval '2 seconds' AS at,
              jsonb_build_object('kind', 'signup-received', 'sourceEventId', created_id, 'registrationId', rid) AS data
         FROM seed
       UNION ALL
       SELECT sent2_id, 'notify.email.sent', at + interval '1 hour 2 seconds',
              jsonb_build_object('kind', 'registration-approved', 'sourceEventId', approved_id, 'registrationId', rid)
         FROM seed WHERE approved`,
    );
    const processed = (schema: string, consumer: string, select: string) =>
      c.query(
        `INSERT INTO ${schema}.processed_events (consumer, event_id, processed_at)
         SELECT $1, id, at FROM (${select}) e`,
        [consumer],
      );
    const decisions = `SELECT created_id AS id, at + interval '2 seconds' AS at FROM seed
      UNION ALL SELECT approved_id, at + interval '1 hour 2 seconds' FROM seed WHERE approved`;
    await processed('catalog', 'catalog', decisions);
    await processed('notify', 'notify', decisions);
    await processed(
      'registrations',
      'registrations',
      `SELECT sent1_id AS id, at + interval '3 seconds' AS at FROM seed
       UNION ALL SELECT sent2_id, at + interval '1 hour 3 seconds' FROM seed WHERE approved`,
    );
    await processed(
      'identity',
      'identity-audit',
      `SELECT audit_id AS id, at + interval '1 hour 2 seconds' AS at FROM seed WHERE approved`,
    );
    await c.query(`INSERT INTO notify.deliveries (event_id, kind, registration_id, language, payload,
        status, attempts, next_attempt_at, created_at, sent_at)
      SELECT created_id, 'signup-received', rid, 'nl', NULL::jsonb, 'sent', 1, at, at, at + interval '2 seconds'
        FROM seed
      UNION ALL
      SELECT approved_id, 'registration-approved', rid, 'nl', NULL, 'sent', 1, at, at + interval '1 hour',
             at + interval '1 hour 2 seconds'
        FROM seed WHERE approved`);
    await c.query(`INSERT INTO identity_audit.audit_entries (id, at, service, actor_type, actor_id,
        actor_name, action, target_type, target_id, changes)
      SELECT audit_id, at + interval '1 hour', 'registrations', 'admin', '1', 'Beheerder',
        'registration.approved', 'registration', rid::text,
        '{"status": {"after": "approved", "before": "new"}}'::jsonb
        FROM seed WHERE approved`);
    await c.query('COMMIT');
    await c.query('VACUUM ANALYZE');
    say(`seeded ${SIGNUPS} sign-ups with SQL in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await c.end();
  }
}

/** Outbox rows not yet published, and events consumers have not yet taken or acked. */
async function backlog(
  stack: Stack,
  dataDir: string,
): Promise<{ outbox: number; consumers: number }> {
  const c = await db(dataDir, stack);
  let outbox = 0;
  try {
    for (const s of SERVICE_NAMES) {
      const r = await c.query(
        `SELECT count(*)::int AS n FROM ${s}.outbox WHERE published_at IS NULL`,
      );
      outbox += r.rows[0].n as number;
    }
  } finally {
    await c.end();
  }
  let consumers = 0;
  let gauges = 0;
  for (const s of SERVICE_NAMES) {
    const text = await (await fetch(`http://127.0.0.1:${stack.ports.services[s]}/metrics`)).text();
    for (const m of text.matchAll(/^nsa_consumer_(?:pending|ack_pending)\{[^}]*\} (\d+)/gm)) {
      consumers += Number(m[1]);
      gauges += 1;
    }
  }
  // Each service's durables report both gauges; none means the metrics are not there yet.
  if (gauges === 0) throw new Error('no consumer metrics');
  return { outbox, consumers };
}

async function main(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'measure-backup-'));
  const dirA = path.join(tmp, 'a');
  const dirB = path.join(tmp, 'b');
  const file = path.join(tmp, 'product.backup');
  let stack: Stack | undefined;
  try {
    stack = await start(dirA);
    await seed(stack, dirA);
    const b = await backupProduct({
      out: file,
      env: { DATA_DIR: dirA, GATEWAY_PORT: String(PORT) },
      repoRoot,
    });
    const rows = b.manifest.database.rows;
    say(
      `backup while running: ${(b.bytes / 1024 / 1024).toFixed(1)} MB in ${b.seconds.toFixed(1)} s ` +
        `(registrations ${rows['registrations.registrations']}, outbox ${rows['registrations.outbox']}, ` +
        `audit ${rows['identity_audit.audit_entries']}, all rows ${Object.values(rows).reduce((x, y) => x + y, 0)})`,
    );
    await stack.stop();
    stack = undefined;
    // The backup made its key pair in dirA (R-OPS-BACKUP-SEALED).
    const r = await restoreProduct({
      file,
      env: {
        DATA_DIR: dirB,
        GATEWAY_PORT: String(PORT),
        BACKUP_IDENTITY: path.join(dirA, 'backup-identity'),
      },
      repoRoot,
    });
    const events = Object.values(r.republish).reduce((x, y) => x + y, 0);
    say(
      `restore into an empty DATA_DIR: ${r.seconds.toFixed(1)} s; ${events} events to publish again`,
    );
    const t0 = performance.now();
    stack = await start(dirB);
    const healthy = (performance.now() - t0) / 1000;
    say(`restored product healthy after ${healthy.toFixed(1)} s`);
    const s = stack;
    let last = Date.now();
    await until(
      'every event published again and handled',
      async () => {
        const left = await backlog(s, dirB);
        if (Date.now() - last > 10_000) {
          last = Date.now();
          say(`left: ${left.outbox} events to publish, ${left.consumers} to handle`);
        }
        return left.outbox === 0 && left.consumers === 0 ? true : undefined;
      },
      900_000,
    );
    // Each mail catcher keeps every email it got as a file in DATA_DIR/mail.
    const mails = (dir: string) =>
      fs.existsSync(path.join(dir, 'mail')) ? fs.readdirSync(path.join(dir, 'mail')).length : 0;
    say(
      `every event published again and handled ${((performance.now() - t0) / 1000).toFixed(1)} s after the start; ` +
        `emails: ${mails(dirB)} by the restored product, ${mails(dirA)} before`,
    );
  } finally {
    await stack?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: Error) => {
  console.error(err);
  process.exit(1);
});
