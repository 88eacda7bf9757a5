import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { EVENT_TYPES, type RegistrationEvent } from '@nsa/contracts';
import type { RunningService } from '@nsa/service-kit';
import { serviceTestEnv, testClient as api, until } from '@nsa/service-kit/testing';
import { start } from '../src/start.js';
import { publishEvent } from './events.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

interface Counted {
  id: number;
  title: string;
  approvedCount: number;
  offeredCount: number;
  waitlistCount: number;
  registrationsCount: number;
  availablePlaces: number;
}

describe('waiting-list counts from svc-registrations events (R-WAITLIST-CAPACITY)', () => {
  let svc: RunningService;
  let a: ReturnType<typeof api>;
  let school: { id: number; accessToken: string };
  let activity: {
    id: number;
    title: string;
    capacity: number;
    weekday: number;
    startTime: string;
    schoolId: number;
    blockId: number;
    providerId: number;
  };

  beforeAll(async () => {
    svc = await start({ env: await serviceTestEnv(infra, 'catalog') });
    a = api(svc.url);
    school = (await a.post('/api/schools', { name: 'De Wachtrij' })).body;
    const block = (await a.post('/api/blocks', { name: 'Zomer', weekStart: 24, weekEnd: 26 })).body;
    const provider = (await a.post('/api/providers', { name: 'Tekenclub' })).body;
    const body = {
      title: 'Tekenen',
      capacity: 2,
      weekday: 1,
      startTime: '15:00',
      schoolId: school.id,
      blockId: block.id,
      providerId: provider.id,
    };
    activity = { ...body, id: (await a.post('/api/activities', body)).body.id };
  });
  afterAll(() => svc?.stop());

  /** Publishes an event the way svc-registrations' outbox relay does. */
  const publish = (type: string, data: unknown) => publishEvent(infra.natsUrl, type, data);
  const registration = (
    type: string,
    registrationId: number,
    status: RegistrationEvent['status'],
    previousStatus: RegistrationEvent['previousStatus'],
    extra: Partial<RegistrationEvent> = {},
  ) =>
    publish(type, {
      registrationId,
      activityId: activity.id,
      status,
      previousStatus,
      sendEmail: false,
      language: 'nl',
      ...extra,
    } satisfies RegistrationEvent);

  /** Waits until the catalog consumer has settled every published event. */
  async function settled(): Promise<void> {
    const jsm = await jetstreamManager(svc.ctx.nc);
    await until(async () => {
      const info = await jsm.consumers.info('REGISTRATIONS', 'catalog');
      return info.num_pending === 0 && info.num_ack_pending === 0;
    });
  }

  const publicView = async (): Promise<Counted> => {
    const res = await a.get(`/api/activities?schoolId=${school.id}`, {
      anonymous: true,
      headers: { 'x-school-token': school.accessToken },
    });
    expect(res.status).toBe(200);
    return res.body.find((x: Counted) => x.id === activity.id);
  };
  const adminView = async (): Promise<Counted> =>
    (await a.get(`/api/admin/activities?schoolId=${school.id}`)).body.find(
      (x: Counted) => x.id === activity.id,
    );

  const expectCounts = async (counts: Omit<Counted, 'id' | 'title'>) => {
    await settled();
    expect(await publicView()).toMatchObject(counts);
    expect(await adminView()).toMatchObject(counts);
  };

  it('starts with everything at zero and all places free', async () => {
    expect(await publicView()).toMatchObject({
      approvedCount: 0,
      offeredCount: 0,
      waitlistCount: 0,
      registrationsCount: 0,
      availablePlaces: 2,
    });
  });

  it('fills the activity with approvals and counts waiting sign-ups apart (R-WAITLIST-JOIN)', async () => {
    await registration(EVENT_TYPES.registrationCreated, 1, 'new', null);
    await registration(EVENT_TYPES.registrationApproved, 1, 'approved', 'new');
    await registration(EVENT_TYPES.registrationCreated, 2, 'new', null);
    await registration(EVENT_TYPES.registrationApproved, 2, 'approved', 'new');
    await registration(EVENT_TYPES.registrationCreated, 3, 'waitlisted', null);
    await registration(EVENT_TYPES.registrationCreated, 4, 'waitlisted', null);
    await expectCounts({
      approvedCount: 2,
      offeredCount: 0,
      waitlistCount: 2,
      registrationsCount: 4,
      availablePlaces: 0,
    });
  });

  it('lets an open offer hold the place a withdrawal freed (R-WAITLIST-WITHDRAW, R-WAITLIST-OFFER)', async () => {
    await registration(EVENT_TYPES.registrationWithdrawn, 1, 'withdrawn', 'approved', {
      withdrawReason: 'parent',
    });
    await expectCounts({
      approvedCount: 1,
      offeredCount: 0,
      waitlistCount: 2,
      registrationsCount: 4,
      availablePlaces: 1,
    });
    await registration(EVENT_TYPES.registrationOffered, 3, 'offered', 'waitlisted');
    await expectCounts({
      approvedCount: 1,
      offeredCount: 1,
      waitlistCount: 1,
      registrationsCount: 4,
      availablePlaces: 0,
    });
  });

  it('moves an accepted offer to approved, and frees a place on revert', async () => {
    await registration(EVENT_TYPES.registrationApproved, 3, 'approved', 'offered');
    await expectCounts({
      approvedCount: 2,
      offeredCount: 0,
      waitlistCount: 1,
      registrationsCount: 4,
      availablePlaces: 0,
    });
    await registration(EVENT_TYPES.registrationReverted, 2, 'new', 'approved');
    await expectCounts({
      approvedCount: 1,
      offeredCount: 0,
      waitlistCount: 1,
      registrationsCount: 4,
      availablePlaces: 1,
    });
  });

  it('frees the place of a declined offer, and the erased event changes no count', async () => {
    await registration(EVENT_TYPES.registrationOffered, 4, 'offered', 'waitlisted');
    await expectCounts({
      approvedCount: 1,
      offeredCount: 1,
      waitlistCount: 0,
      registrationsCount: 4,
      availablePlaces: 0,
    });
    await registration(EVENT_TYPES.registrationWithdrawn, 4, 'withdrawn', 'offered', {
      withdrawReason: 'declined',
    });
    await publish(EVENT_TYPES.registrationErased, { registrationId: 4, activityId: activity.id });
    await expectCounts({
      approvedCount: 1,
      offeredCount: 0,
      waitlistCount: 0,
      registrationsCount: 4,
      availablePlaces: 1,
    });
  });

  it('shows the counts in the answer of a change to the activity too', async () => {
    const { id: _id, ...body } = activity;
    const res = await a.put(`/api/activities/${activity.id}`, { ...body, capacity: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      capacity: 3,
      approvedCount: 1,
      offeredCount: 0,
      waitlistCount: 0,
      availablePlaces: 2,
    });
  });
});
