// R-EMAIL-SENT: svc-notify's email-sent events mark a sign-up's decision email as sent. The
// report of any other email (the confirmation of a sign-up, say) changes nothing here, so it is
// acknowledged without a transaction and without a processed-events row.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, type EmailKind } from '@nsa/contracts';
import { QueryTypes } from '@nsa/service-kit';
import { testFeed, until } from '@nsa/service-kit/testing';
import { signup, startWorld, type World } from './world.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

describe('email-sent events from svc-notify', () => {
  let w: World;
  let registrationId: number;

  beforeAll(async () => {
    w = await startWorld(infra);
    const school = await w.school('De Brief');
    const block = await w.block();
    const provider = await w.provider();
    const activity = await w.activity({
      schoolId: school.id,
      blockId: block.id,
      providerId: provider.id,
      weekday: 1,
      startTime: '16:45',
    });
    // A child of its own: no clash with the other files' children at the same time.
    const body = signup(activity.id, { childFirstName: 'Postbode', email: 'post@example.nl' });
    const res = await w.reg.post('/api/registrations', body, {
      anonymous: true,
      headers: { 'x-school-token': school.accessToken },
    });
    expect(res.status).toBe(201);
    registrationId = res.body.registration.id;
  });
  afterAll(() => w?.stop());

  async function sent(kind: EmailKind): Promise<string> {
    const id = randomUUID();
    const type = EVENT_TYPES.emailSent;
    const data = { sourceEventId: randomUUID(), kind, registrationId };
    // As svc-notify publishes it: registrations' own connection may not.
    await jetstream(await testFeed(infra.natsUrl)).publish(
      type,
      JSON.stringify({ id, type, version: 1, occurredAt: new Date().toISOString(), data }),
      { msgID: id },
    );
    const jsm = await jetstreamManager(w.registrations.ctx.nc);
    await until(async () => {
      const info = await jsm.consumers.info('NOTIFY', 'registrations');
      return info.num_pending === 0 && info.num_ack_pending === 0;
    });
    return id;
  }
  const emailSent = async () =>
    (
      await w.registrations.ctx.sequelize.query<{ emailSent: boolean }>(
        'SELECT email_sent AS "emailSent" FROM registrations WHERE id = :registrationId',
        { replacements: { registrationId }, type: QueryTypes.SELECT },
      )
    )[0]!.emailSent;
  const processed = async (eventId: string) =>
    (
      await w.registrations.ctx.sequelize.query(
        'SELECT 1 FROM processed_events WHERE event_id = :eventId',
        { replacements: { eventId }, type: QueryTypes.SELECT },
      )
    ).length;

  it("leaves a sign-up alone for its confirmation's email, without a write", async () => {
    const id = await sent('signup-received');
    expect(await emailSent()).toBe(false);
    expect(await processed(id)).toBe(0);
  });

  it('marks the decision email sent, once', async () => {
    const id = await sent('registration-approved');
    expect(await emailSent()).toBe(true);
    expect(await processed(id)).toBe(1);
  });
});
