// A backlog of sign-up events (as after a burst of sign-ups, or a restart) is recorded a batch at
// a time, and still: one email per event and kind, none for an erased sign-up, none for an event
// delivered a second time, nothing recorded for an event that emails nobody, and one
// email-sent event per email.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { freePort } from '@nsa/local-infra';
import { QueryTypes, connectNats, createLogger, type RunningService } from '@nsa/service-kit';
import { serviceTestEnv, until } from '@nsa/service-kit/testing';
import { start } from '../src/start.js';
import {
  LINK_SEAL_SECRET,
  erasedEvent,
  notification,
  publish,
  registrationEvent,
} from './events.js';
import { TestSmtp } from './smtp.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const EMAILS = 30;

describe('a backlog of sign-up events', () => {
  let smtp: TestSmtp;
  let svc: RunningService | undefined;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    smtp = new TestSmtp(await freePort());
    await smtp.start();
    env = await serviceTestEnv(infra, 'notify', {
      SMTP_URL: smtp.url(),
      LINK_SEAL_SECRET,
      ORG_NAME: 'Welzijn Test',
      ORG_CONTACT_EMAIL: 'info@welzijn.test',
    });
    svc = await start({ env });
  });
  afterAll(async () => {
    await svc?.stop();
    await smtp?.stop();
  });

  // R-EMAIL-ONCE
  it('becomes one email per event, each once, and nothing for what needs none', async () => {
    // The service is away while the events pile up.
    await svc!.stop();
    svc = undefined;
    const nc = await connectNats(infra.natsUrl, 'notify-test', createLogger('test', 'silent'));
    const ids: string[] = [];
    let erasedId = '';
    let noEmailId = '';
    try {
      for (let i = 0; i < EMAILS; i += 1)
        ids.push(
          await registrationEvent(
            nc,
            'approved',
            notification({ to: `ouder${i}@example.nl` }),
            'nl',
            {
              registrationId: 5000 + i,
            },
          ),
        );
      // The first event again, under another message id: the stream keeps both.
      await registrationEvent(nc, 'approved', notification({ to: 'ouder0@example.nl' }), 'nl', {
        id: ids[0]!,
        msgId: `${ids[0]}-again`,
        registrationId: 5000,
      });
      // A sign-up erased before its event arrives gets no email.
      await erasedEvent(nc, 5999);
      erasedId = await registrationEvent(nc, 'approved', notification(), 'nl', {
        registrationId: 5999,
      });
      // An event without an email.
      noEmailId = await publish(nc, 'registrations.registration.approved', {
        registrationId: 5998,
        activityId: 3,
        status: 'approved',
        previousStatus: 'new',
        sendEmail: false,
        language: 'nl',
      });
    } finally {
      await nc.close();
    }

    svc = await start({ env });
    const s = svc;
    const jsm = await jetstreamManager(s.ctx.nc);
    await until(async () => {
      const info = await jsm.consumers.info('REGISTRATIONS', 'notify');
      return smtp.received.length >= EMAILS && info.num_pending + info.num_ack_pending === 0;
    }, 30_000);
    await new Promise((r) => setTimeout(r, 1000));

    const sent = smtp.received.map((m) => m.messageId);
    expect(sent).toHaveLength(EMAILS);
    expect(new Set(sent)).toEqual(
      new Set(ids.map((id) => `<${id}.registration-approved@naschool.local>`)),
    );
    const recorded = await s.ctx.sequelize.query<{ event_id: string; status: string }>(
      'SELECT event_id, status FROM deliveries WHERE event_id IN (:all)',
      { replacements: { all: [...ids, erasedId, noEmailId] }, type: QueryTypes.SELECT },
    );
    expect(recorded).toHaveLength(EMAILS);
    expect(recorded.every((r) => r.status === 'sent')).toBe(true);
    // The event without an email was acknowledged without being recorded as processed.
    const processed = await s.ctx.sequelize.query<{ event_id: string }>(
      "SELECT event_id FROM processed_events WHERE consumer = 'notify' AND event_id IN (:all)",
      { replacements: { all: [...ids, erasedId, noEmailId] }, type: QueryTypes.SELECT },
    );
    expect(processed.map((p) => p.event_id).sort()).toEqual([...ids, erasedId].sort());
    // Each email reported once, written with its delivery's sent mark.
    const reported = await s.ctx.sequelize.query<{ source: string; n: number }>(
      `SELECT data->>'sourceEventId' AS source, count(*)::int AS n FROM outbox
       WHERE type = 'notify.email.sent' AND data->>'sourceEventId' IN (:ids) GROUP BY 1`,
      { replacements: { ids }, type: QueryTypes.SELECT },
    );
    expect(reported).toHaveLength(EMAILS);
    expect(reported.every((r) => r.n === 1)).toBe(true);
  }, 60_000);
});
