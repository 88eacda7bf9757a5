// R-ORG-JOBS: one deployment serves many organisations, and its mail workers send every
// organisation's emails, each as that organisation's work: the email an event of organisation 2
// calls for is sent, its delivery is kept as organisation 2's (R-ORG-RLS: organisation 1 never
// sees it), the event reporting it is organisation 2's (R-ORG-EVENTS), and the emails given up
// on are counted for the whole deployment (R-OPS-METRICS).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import {
  NATS_HEADERS,
  ORGANISATION_ANSWER_REUSE_MS,
  STREAMS,
  reportedEmailKind,
} from '@nsa/contracts';
import { freePort } from '@nsa/local-infra';
import {
  acrossOrganisations,
  QueryTypes,
  withOrganisation,
  type RunningService,
} from '@nsa/service-kit';
import { setTestOrganisation, testFeed, until } from '@nsa/service-kit/testing';
import { DeliveryRepository } from '../src/data-access/deliveries.js';
import { start } from '../src/start.js';
import { linkEvent, notification, registrationEvent } from './events.js';
import { notifyEnv } from './service.js';
import { TestSmtp } from './smtp.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const SECOND = 2;

describe('emails of several organisations', () => {
  let smtp: TestSmtp;
  let svc: RunningService;

  beforeAll(async () => {
    // Organisation 2 is one of the deployment's active organisations.
    setTestOrganisation('tweede.example', {
      id: SECOND,
      status: 'active',
      publicBaseUrl: 'https://tweede.example',
    });
    smtp = new TestSmtp(await freePort());
    await smtp.start();
    svc = await start({
      env: await notifyEnv(infra, smtp),
    });
  });
  afterAll(async () => {
    await svc?.stop();
    await smtp?.stop();
  });

  /** An organisation's deliveries of an event, as that organisation's work sees them. */
  const deliveriesAs = (organisationId: number, eventId: string) =>
    withOrganisation(organisationId, () =>
      svc.ctx.sequelize.query<{ kind: string; status: string; organisation_id: number }>(
        'SELECT kind, status, organisation_id FROM deliveries WHERE event_id = :eventId',
        { replacements: { eventId }, type: QueryTypes.SELECT },
      ),
    );

  /** An organisation's notify.email.sent events reporting an event's email, in its outbox. */
  const reportsAs = (organisationId: number, eventId: string) =>
    withOrganisation(organisationId, () =>
      svc.ctx.sequelize.query<{
        id: string;
        organisation_id: number;
        headers: Record<string, string>;
        published: boolean;
      }>(
        `SELECT id, organisation_id, headers, published_at IS NOT NULL AS published FROM outbox
         WHERE type = 'notify.email.sent' AND data->>'sourceEventId' = :eventId`,
        { replacements: { eventId }, type: QueryTypes.SELECT },
      ),
    );

  // R-ORG-JOBS, R-ORG-RLS, R-EMAIL-ONCE, R-ORG-EMAILS
  it("sends organisation 2's email in its name and keeps its delivery as organisation 2's, which organisation 1 never sees", async () => {
    const reset = 'https://tweede.example/reset-password?token=reset-token-tweede';
    const id = await linkEvent(
      await testFeed(infra.natsUrl),
      'password-reset.requested',
      { email: 'beheer@tweede.example', name: 'Tineke' },
      'nl',
      reset,
      3600,
      { organisationId: SECOND },
    );
    // Before organisations shared the mail workers, organisation 2's emails were never sent.
    await until(async () => smtp.received.some((m) => m.to === 'beheer@tweede.example'));
    const sent = smtp.received.filter((m) => m.to === 'beheer@tweede.example');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(reset);
    // R-ORG-EMAILS: it speaks for organisation 2 (named as svc-identity has it), from the
    // deployment's sending address, with replies to organisation 2's own contact address.
    expect(sent[0]!.raw).toMatch(/^From: "?Organisatie 2"? <info@welzijn\.test>\r?$/m);
    expect(sent[0]!.raw).toMatch(/^Reply-To: info@tweede\.example\r?$/m);
    expect(sent[0]!.text).toContain('Organisatie 2');
    expect(sent[0]!.text).not.toContain('Welzijn Test');
    await until(async () => (await deliveriesAs(SECOND, id))[0]?.status === 'sent');
    expect(await deliveriesAs(SECOND, id)).toEqual([
      { kind: 'password-reset', status: 'sent', organisation_id: SECOND },
    ]);
    // Organisation 1's work, named or by default, has no such delivery.
    expect(await deliveriesAs(1, id)).toEqual([]);
    expect(
      await svc.ctx.sequelize.query('SELECT 1 FROM deliveries WHERE event_id = :id', {
        replacements: { id },
        type: QueryTypes.SELECT,
      }),
    ).toEqual([]);
  });

  // R-ORG-SETTINGS, R-ORG-EMAILS
  it("sends organisation 2's next email under the sender name it has just set, still naming organisation 2 in it", async () => {
    const answer = {
      id: SECOND,
      status: 'active',
      publicBaseUrl: 'https://tweede.example',
    } as const;
    setTestOrganisation('tweede.example', answer, { mailFromName: 'Aanmelden Tweede' });
    try {
      // As svc-identity confirms a change only once no answer from before is used any more.
      await new Promise((r) => setTimeout(r, ORGANISATION_ANSWER_REUSE_MS + 50));
      await linkEvent(
        await testFeed(infra.natsUrl),
        'password-reset.requested',
        { email: 'afzender@tweede.example', name: 'Tineke' },
        'nl',
        'https://tweede.example/reset-password?token=reset-token-afzender',
        3600,
        { organisationId: SECOND },
      );
      await until(async () => smtp.received.some((m) => m.to === 'afzender@tweede.example'));
      const [sent] = smtp.received.filter((m) => m.to === 'afzender@tweede.example');
      expect(sent!.raw).toMatch(/^From: "?Aanmelden Tweede"? <info@welzijn\.test>\r?$/m);
      expect(sent!.raw).toMatch(/^Reply-To: info@tweede\.example\r?$/m);
      expect(sent!.text).toContain('Organisatie 2');
    } finally {
      setTestOrganisation('tweede.example', answer, {});
    }
  });

  // R-ORG-JOBS, R-ORG-EVENTS, R-EMAIL-SENT
  it("reports organisation 2's sent approval as organisation 2's event, in its outbox and on the stream", async () => {
    expect(reportedEmailKind('registration-approved')).toBe(true);
    const id = await registrationEvent(
      await testFeed(infra.natsUrl),
      'approved',
      notification({ to: 'ouder@tweede.example' }),
      'nl',
      { registrationId: 9202, organisationId: SECOND },
    );
    await until(async () => smtp.received.some((m) => m.to === 'ouder@tweede.example'));
    await until(async () => (await reportsAs(SECOND, id))[0]?.published === true);
    const [report] = await reportsAs(SECOND, id);
    expect(report).toMatchObject({
      organisation_id: SECOND,
      headers: { [NATS_HEADERS.organisationId]: String(SECOND) },
    });
    expect(await reportsAs(1, id)).toEqual([]);
    expect(await deliveriesAs(SECOND, id)).toEqual([
      { kind: 'registration-approved', status: 'sent', organisation_id: SECOND },
    ]);

    // As published: the event svc-registrations receives is organisation 2's.
    const jsm = await jetstreamManager(await testFeed(infra.natsUrl));
    const { state } = await jsm.streams.info(STREAMS.NOTIFY.name);
    let published: { organisation?: string; data: unknown } | undefined;
    for (let seq = state.last_seq; !published && seq >= state.first_seq; seq -= 1) {
      const m = await jsm.streams.getMessage(STREAMS.NOTIFY.name, { seq }).catch(() => null);
      if (m?.header.get(NATS_HEADERS.msgId) === report!.id)
        published = {
          organisation: m.header.get(NATS_HEADERS.organisationId),
          data: (m.json() as { data: unknown }).data,
        };
    }
    expect(published).toEqual({
      organisation: String(SECOND),
      data: { sourceEventId: id, kind: 'registration-approved', registrationId: 9202 },
    });
  });

  // R-OPS-METRICS, R-EMAIL-RETRY
  it("counts organisation 2's failed emails with organisation 1's on /health and /metrics", async () => {
    // An approval whose parent's link cannot be opened is given up on at its first attempt.
    const broken = notification({ to: 'kapot@example.nl', sealedLink: 'not-a-sealed-link' });
    const feed = await testFeed(infra.natsUrl);
    const first = await registrationEvent(feed, 'approved', broken, 'nl', {
      registrationId: 9301,
    });
    const second = await registrationEvent(feed, 'approved', broken, 'nl', {
      registrationId: 9302,
      organisationId: SECOND,
    });
    await until(async () => (await deliveriesAs(1, first))[0]?.status === 'failed');
    await until(async () => (await deliveriesAs(SECOND, second))[0]?.status === 'failed');

    /** Each organisation's failed deliveries, as its own work counts them. */
    const failedOf = async (organisationId: number) => {
      const [row] = await withOrganisation(organisationId, () =>
        svc.ctx.sequelize.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM deliveries WHERE status = 'failed'",
          { type: QueryTypes.SELECT },
        ),
      );
      return row!.n;
    };
    const counted = async () => {
      const health = (await (await fetch(`${svc.url}/health`)).json()) as {
        details?: { failedDeliveries?: number };
      };
      const metrics = await (await fetch(`${svc.url}/metrics`)).text();
      return {
        health: health.details?.failedDeliveries,
        metric: Number(/^nsa_notify_deliveries_failed(?:\{[^}]*\})? (\d+)$/m.exec(metrics)?.[1]),
        firstAndSecond: (await failedOf(1)) + (await failedOf(SECOND)),
      };
    };
    // Another delivery of organisation 1 may still fail meanwhile: the counts settle together.
    let last = await counted();
    await until(async () => {
      last = await counted();
      return last.health === last.firstAndSecond && last.metric === last.firstAndSecond;
    }).catch(() => undefined);
    expect(await failedOf(SECOND)).toBeGreaterThanOrEqual(1);
    expect(last.health).toBe(last.firstAndSecond);
    expect(last.metric).toBe(last.firstAndSecond);
  });

  // R-ORG-JOBS: a worker that finds nothing due of any organisation ends its claim quietly,
  // and is ready for the next email at once (no database error, no pause).
  it('ends a claim that found nothing due without an error', async () => {
    // Every pending delivery of every organisation is held by this transaction, so the
    // claim meets none it may take, whatever other test files left behind or still send.
    const repository = new DeliveryRepository(svc.ctx.sequelize);
    await acrossOrganisations(svc.ctx.sequelize, async (transaction) => {
      await svc.ctx.sequelize.query(
        "SELECT 1 FROM deliveries WHERE status = 'pending' FOR UPDATE",
        {
          transaction,
        },
      );
      await expect(repository.claimOne()).resolves.toBeUndefined();
    });
  });
});
