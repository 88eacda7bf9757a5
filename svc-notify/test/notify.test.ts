import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, withClient } from '@nsa/local-infra';
import { QueryTypes, type RunningService } from '@nsa/service-kit';
import { startTestInfra, testFeed, until, type TestInfra } from '@nsa/service-kit/testing';
import { jetstream } from '@nats-io/jetstream';
import { start } from '../src/start.js';
import {
  linkEvent,
  notification,
  registrationChange,
  registrationEvent,
  sealLink,
} from './events.js';
import { notifyEnv } from './service.js';
import { TestSmtp } from './smtp.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
describe('the four emails', () => {
  let smtp: TestSmtp;
  let svc: RunningService;
  beforeAll(async () => {
    smtp = new TestSmtp(await freePort());
    await smtp.start();
    svc = await start({ env: await notifyEnv(infra, smtp) });
  });
  afterAll(async () => {
    await svc?.stop();
    await smtp?.stop();
  });
  afterEach(() => {
    smtp.received.length = 0;
  });

  it('sends the approval in the parent language with child, activity, school, time, dates and provider', async () => {
    await registrationEvent(await testFeed(infra.natsUrl), 'approved', notification(), 'nl');
    await until(async () => smtp.received.length === 1);
    const m = smtp.received[0]!;
    expect(m.to).toBe('ouder@example.nl');
    expect(m.subject).toBe('Aanmelding goedgekeurd: Schaken');
    for (const part of [
      'Emma Jansen',
      'De Regenboog',
      'elke woensdag om 15:15',
      'Denksport BV',
      'maandag 2 maart t/m vrijdag 20 maart',
      'Welzijn Test',
    ]) {
      expect(m.text).toContain(part);
    }
    expect(m.html).toContain('Emma Jansen');
  });

  it('sends a rejection in English with the reason', async () => {
    await registrationEvent(
      await testFeed(infra.natsUrl),
      'rejected',
      notification({ reason: 'the group is too young', to: 'parent@example.com' }),
      'en',
    );
    await until(async () => smtp.received.length === 1);
    const m = smtp.received[0]!;
    expect(m.to).toBe('parent@example.com');
    expect(m.subject).toBe('Sign-up not accepted: Schaken');
    expect(m.text).toContain('Reason: the group is too young');
    expect(m.text).toContain('every Wednesday at 15:15');
  });

  it('shows the automatic "activity full" reason in the parent language', async () => {
    await registrationEvent(
      await testFeed(infra.natsUrl),
      'rejected',
      notification({ reason: 'activity full', to: 'ouder@example.nl' }),
      'nl',
    );
    await registrationEvent(
      await testFeed(infra.natsUrl),
      'rejected',
      notification({ reason: 'activity full', to: 'parent@example.com' }),
      'en',
    );
    await until(async () => smtp.received.length === 2);
    const nl = smtp.received.find((m) => m.to === 'ouder@example.nl')!;
    const en = smtp.received.find((m) => m.to === 'parent@example.com')!;
    expect(nl.text).toContain('Reden: Activiteit vol');
    expect(nl.html).toContain('Reden: <bdi>Activiteit vol</bdi>');
    expect(nl.text).not.toContain('activity full');
    expect(en.text).toContain('Reason: Activity full');
  });

  it('escapes parent-supplied text in the HTML part', async () => {
    await registrationEvent(
      await testFeed(infra.natsUrl),
      'rejected',
      notification({ reason: '<script>alert(1)</script>' }),
      'nl',
    );
    await until(async () => smtp.received.length === 1);
    expect(smtp.received[0]!.html).not.toContain('<script>');
    expect(smtp.received[0]!.html).toContain('&lt;script&gt;');
  });

  it('sends the welcome email with the setup link and its validity, and the reset email', async () => {
    const setup = 'http://localhost:8080/reset-password?token=setup-token-abc';
    await linkEvent(
      await testFeed(infra.natsUrl),
      'admin.created',
      { email: 'nieuw@school.nl', name: 'Nina' },
      'nl',
      setup,
      7 * 24 * 3600,
    );
    await until(async () => smtp.received.length === 1);
    expect(smtp.received[0]).toMatchObject({
      to: 'nieuw@school.nl',
      subject: 'Welkom bij Welzijn Test: stel uw wachtwoord in',
    });
    expect(smtp.received[0]!.text).toContain(setup);
    expect(smtp.received[0]!.text).toContain('7 dagen geldig');

    const reset = 'http://localhost:8080/reset-password?token=reset-token-xyz';
    await linkEvent(
      await testFeed(infra.natsUrl),
      'password-reset.requested',
      { email: 'admin@school.nl', name: 'Ad' },
      'en',
      reset,
      3600,
    );
    await until(async () => smtp.received.length === 2);
    expect(smtp.received[1]).toMatchObject({
      to: 'admin@school.nl',
      subject: 'Reset your password',
    });
    expect(smtp.received[1]!.text).toContain(reset);
    expect(smtp.received[1]!.text).toContain('valid for 1 hour');
  });

  // R-EMAIL-ONCE
  it('sends nothing twice when the same event arrives twice', async () => {
    const id = await registrationEvent(
      await testFeed(infra.natsUrl),
      'approved',
      notification(),
      'nl',
    );
    await registrationEvent(await testFeed(infra.natsUrl), 'approved', notification(), 'nl', {
      id,
      msgId: `${id}-again`,
    });
    await until(async () => smtp.received.length >= 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received).toHaveLength(1);
  });

  // R-RETENTION-NOTIFY: an email's content goes as soon as it is sent.
  it('reports each sent email as an event carrying the registration', async () => {
    const id = await registrationEvent(
      await testFeed(infra.natsUrl),
      'approved',
      notification(),
      'nl',
      {
        registrationId: 4242,
      },
    );
    await until(async () => {
      const [row] = await svc.ctx.sequelize.query<{ n: string }>(
        "SELECT count(*) n FROM outbox WHERE type = 'notify.email.sent' AND data->>'sourceEventId' = :id AND (data->>'registrationId')::int = 4242",
        { replacements: { id }, type: QueryTypes.SELECT },
      );
      return Number(row!.n) === 1;
    });
    const [d] = await svc.ctx.sequelize.query<{ payload: unknown; status: string }>(
      'SELECT payload, status FROM deliveries WHERE event_id = :id',
      {
        replacements: { id },
        type: QueryTypes.SELECT,
      },
    );
    expect(d).toEqual({ payload: null, status: 'sent' }); // personal data dropped once sent
  });

  // R-EMAIL-SENT: only a decision's report is acted on.
  it('reports no confirmation: it is sent and marked sent, and no event reports it', async () => {
    const n = notification({
      sealedLink: await sealLink('https://naschool.test/mijn-aanmelding#t'),
    });
    const id = await registrationChange(
      await testFeed(infra.natsUrl),
      'created',
      { status: 'new', registrationId: 4343 },
      n,
      'nl',
    );
    await until(async () => {
      const [d] = await svc.ctx.sequelize.query<{ status: string }>(
        'SELECT status FROM deliveries WHERE event_id = :id',
        { replacements: { id }, type: QueryTypes.SELECT },
      );
      return d?.status === 'sent';
    });
    expect(smtp.received.filter((m) => m.messageId.startsWith(`<${id}.`))).toHaveLength(1);
    const [row] = await svc.ctx.sequelize.query<{ n: string }>(
      "SELECT count(*) n FROM outbox WHERE type = 'notify.email.sent' AND data->>'sourceEventId' = :id",
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    expect(Number(row!.n)).toBe(0);
  });

  // R-EMAIL-ONCE: PostgreSQL drops every connection (a restart) while the SMTP server has an
  // email and has not yet answered: the claim's row lock is gone, and another worker of the same
  // process takes the delivery again. It must leave it to the worker sending it.
  it('sends once when the database drops its connections while the SMTP server takes the email', async () => {
    // This file's one running notify and its SMTP server (another instance on the schema
    // could take the delivery to a server of its own).
    const release = smtp.hold();
    try {
      await registrationEvent(
        await testFeed(infra.natsUrl),
        'rejected',
        notification({ to: 'greep@example.nl' }),
        'nl',
      );
      const arrived = () => smtp.arrived.filter((to) => to === 'greep@example.nl').length;
      await until(async () => arrived() >= 1, 15_000);
      // The claim's transaction, idle while the worker waits for the SMTP server.
      const ended = await withClient(infra.adminUrl, async (c) => {
        const r = await c.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE state LIKE 'idle in transaction%' AND query LIKE '%UPDATE deliveries SET attempts%'`,
        );
        return r.rowCount;
      });
      expect(ended, 'the claim in flight').toBeGreaterThanOrEqual(1);
      // The other workers look for due deliveries every half second meanwhile.
      await new Promise((r) => setTimeout(r, 2500));
      expect(arrived(), 'handed to the SMTP server again while the first was in flight').toBe(1);
      release();
      await until(async () => smtp.received.some((m) => m.to === 'greep@example.nl'), 15_000);
      await new Promise((r) => setTimeout(r, 2500));
      expect(smtp.received.filter((m) => m.to === 'greep@example.nl')).toHaveLength(1);
    } finally {
      release();
    }
  });
});

describe('delivery through failures', () => {
  // R-EMAIL-RETRY, R-EMAIL-ONCE
  it('sends once when the SMTP server is down for 20 s and comes back', async () => {
    const smtp = new TestSmtp(await freePort());
    const svc = await start({ env: await notifyEnv(infra, smtp) });
    try {
      await registrationEvent(
        await testFeed(infra.natsUrl),
        'approved',
        notification({ to: 'wacht@example.nl' }),
        'nl',
      );
      await new Promise((r) => setTimeout(r, 20_000));
      expect(smtp.received).toHaveLength(0);
      await smtp.start();
      await until(async () => smtp.received.some((m) => m.to === 'wacht@example.nl'), 15_000);
      await new Promise((r) => setTimeout(r, 1500));
      expect(smtp.received.filter((m) => m.to === 'wacht@example.nl')).toHaveLength(1);
    } finally {
      await svc.stop();
      await smtp.stop();
    }
  });

  // R-EMAIL-RETRY: retries end in a failed state that /health counts.
  it('marks a delivery failed after its last attempt and counts it on /health and /metrics (R-OPS-METRICS)', async () => {
    const svc = await start({
      env: { ...(await notifyEnv(infra, new TestSmtp(1))), MAIL_MAX_ATTEMPTS: '2' },
    });
    try {
      await registrationEvent(
        await testFeed(infra.natsUrl),
        'approved',
        notification({ to: 'nooit@example.nl' }),
        'nl',
      );
      await until(async () => {
        const body = await (await fetch(`${svc.url}/health`)).json();
        return (
          ((body as { details?: { failedDeliveries?: number } }).details?.failedDeliveries ?? 0) >=
          1
        );
      }, 15_000);
      const metrics = await (await fetch(`${svc.url}/metrics`)).text();
      const failed = /^nsa_notify_deliveries_failed\{[^}]*\} (\d+)$/m.exec(metrics);
      expect(Number(failed?.[1])).toBeGreaterThanOrEqual(1);
    } finally {
      await svc.stop();
    }
  });

  // R-EMAIL-ONCE, R-EMAIL-RETRY
  it('sends once after svc-notify is killed between committing and acking', async () => {
    const smtp = new TestSmtp(await freePort());
    await smtp.start();
    const main = fileURLToPath(new URL('../dist/src/main.js', import.meta.url));
    const env = { ...process.env, ...(await notifyEnv(infra, smtp)), LOG_LEVEL: 'info' };
    let child: ChildProcess | undefined;
    try {
      // First life: stops after committing the delivery and before the ack; then SIGKILL.
      child = spawn(process.execPath, [main], {
        env: { ...env, NSA_TEST_HOLD_BEFORE_ACK: '1' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      await until(async () => out.includes('"msg":"listening"'), 20_000);
      const nc = (await import('@nats-io/transport-node')).connect({ servers: infra.natsUrl });
      const conn = await nc;
      await registrationEvent(conn, 'approved', notification({ to: 'crash@example.nl' }), 'nl');
      await until(async () => out.includes('holding before ack'), 15_000);
      child.kill('SIGKILL');
      await new Promise((r) => child!.once('exit', r));
      // Second life: the unacked event comes back, is found processed and only acked.
      child = spawn(process.execPath, [main], { env, stdio: 'ignore' });
      await until(async () => smtp.received.some((m) => m.to === 'crash@example.nl'), 20_000);
      await new Promise((r) => setTimeout(r, 4000)); // past the ack wait: a redelivery would show now
      expect(smtp.received.filter((m) => m.to === 'crash@example.nl')).toHaveLength(1);
      await conn.close();
    } finally {
      child?.kill('SIGTERM');
      await smtp.stop();
    }
  });
});

describe('NATS restarted mid-run', () => {
  let own: TestInfra;
  beforeAll(async () => {
    own = await startTestInfra();
  });
  afterAll(() => own?.stop());

  // R-EMAIL-RETRY: NATS down for a while.
  it('loses nothing: events before and after the restart all become emails', async () => {
    const smtp = new TestSmtp(await freePort());
    await smtp.start();
    const svc = await start({ env: await notifyEnv(own, smtp) });
    try {
      for (let i = 0; i < 5; i += 1)
        await registrationEvent(
          await testFeed(own.natsUrl),
          'approved',
          notification({ to: `voor${i}@example.nl` }),
          'nl',
        );
      await own.restartNats();
      // The service reconnects by itself; publish through a fresh connection.
      const conn = await (
        await import('@nats-io/transport-node')
      ).connect({ servers: own.natsUrl });
      await until(async () => {
        try {
          await jetstream(conn).streams.get('REGISTRATIONS');
          return true;
        } catch {
          return false;
        }
      });
      for (let i = 0; i < 5; i += 1)
        await registrationEvent(conn, 'approved', notification({ to: `na${i}@example.nl` }), 'nl');
      await until(async () => smtp.received.length >= 10, 30_000);
      expect(new Set(smtp.received.map((m) => m.to)).size).toBe(10);
      await conn.close();
    } finally {
      await svc.stop();
      await smtp.stop();
    }
  });
});
