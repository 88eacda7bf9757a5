import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { ErasureLedger, QueryTypes, withOrganisation } from '@nsa/service-kit';
import {
  serviceTestEnv,
  setTestOrganisation,
  testClient,
  until,
  type TestClient,
} from '@nsa/service-kit/testing';
import { start as startCatalog } from 'svc-catalog/dist/src/start.js';
import { start as startRegistrations } from '../src/start.js';
import { ActivityRepository } from '../src/data-access/activities.js';
import { AdminListRepository } from '../src/data-access/admin-list.js';
import { PrivacyRepository } from '../src/data-access/privacy.js';
import { RegistrationRepository } from '../src/data-access/registrations.js';
import { ParentLinks } from '../src/domain/links.js';
import { MySignups } from '../src/domain/my-signup.js';
import { Review } from '../src/domain/review.js';
import { Waitlist } from '../src/domain/waitlist.js';
import { streamPurge } from '../src/entry-points/messaging/stream-purge.js';

export const LINK_SEAL_SECRET = 'link-seal-secret-for-registrations-tests-0123456789';

type RegistrationsService = Awaited<ReturnType<typeof startRegistrations>>;

/**
 * The domain as a second replica of the service would build it, on the same database: for
 * tests that need two replicas or a clock of their own.
 */
export function replica(svc: RegistrationsService, clock?: () => Date) {
  const { sequelize: db, outbox, logger, config } = svc.ctx;
  const registrations = new RegistrationRepository(db);
  const activities = new ActivityRepository(db);
  const links = new ParentLinks({
    address: svc.ctx.publicAddress,
    sealSecret: config.LINK_SEAL_SECRET,
  });
  const waitlist = new Waitlist({
    db,
    registrations,
    activities,
    outbox,
    links,
    logger,
    offerHours: config.WAITLIST_OFFER_HOURS,
    sweepMs: config.WAITLIST_SWEEP_MS,
    clock,
  });
  return {
    waitlist,
    review: new Review({
      db,
      outbox,
      registrations,
      lists: new AdminListRepository(db),
      waitlist,
    }),
    mySignups: new MySignups({
      db,
      outbox,
      registrations,
      activities,
      privacyRecords: new PrivacyRepository(db),
      stream: streamPurge(svc.ctx.nc, logger),
      waitlist,
      ledger: new ErasureLedger(config.ERASURE_LEDGER),
    }),
  };
}

/** Catalog and registrations running together, with helpers to build a school's offer. */
export async function startWorld(
  infra: { adminUrl: string; natsUrl: string },
  extra: Record<string, string> = {},
) {
  const catalog = await startCatalog({ env: await serviceTestEnv(infra, 'catalog') });
  const registrations = await startRegistrations({
    env: await serviceTestEnv(infra, 'registrations', {
      SIGNUP_RATE_LIMIT: '0',
      LINK_SEAL_SECRET,
      ...extra,
    }),
  });
  const cat = testClient(catalog.url);
  const reg = testClient(registrations.url);
  const projected = async (
    id: number,
    check: (row: Record<string, unknown>) => boolean = () => true,
  ) =>
    until(async () => {
      const [row] = await registrations.ctx.sequelize.query<Record<string, unknown>>(
        'SELECT is_locked AS "isLocked", is_hidden AS "isHidden", capacity, deleted FROM activities WHERE id = :id',
        { replacements: { id }, type: QueryTypes.SELECT },
      );
      return row !== undefined && check(row);
    });
  return {
    catalog,
    registrations,
    cat,
    reg,
    projected,
    async school(name = 'De Regenboog') {
      return (await cat.post('/api/schools', { name })).body as { id: number; accessToken: string };
    },
    async block(weekStart = 10, weekEnd = 15) {
      return (
        await cat.post('/api/blocks', { name: `Blok ${weekStart}-${weekEnd}`, weekStart, weekEnd })
      ).body as { id: number };
    },
    async provider() {
      return (await cat.post('/api/providers', { name: 'Aanbieder' })).body as { id: number };
    },
    async activity(fields: Record<string, unknown>) {
      const res = await cat.post('/api/activities', {
        title: 'Activiteit',
        capacity: 10,
        weekday: 3,
        startTime: '15:00',
        ...fields,
      });
      if (res.status !== 201)
        throw new Error(`activity: ${res.status} ${JSON.stringify(res.body)}`);
      await projected(res.body.id);
      return res.body as { id: number };
    },
    async stop() {
      await registrations.stop();
      await catalog.stop();
    },
  };
}
export type World = Awaited<ReturnType<typeof startWorld>>;

let child = 0;
// Each test file loads this module afresh, so its count starts again at 1; the files share
// one database, so a tag of the file's own keeps its children apart from another file's
// (the same child at the same time elsewhere would be refused as an overlap).
const fileTag = randomBytes(3).toString('hex');
/** A valid sign-up for a fresh child (or the given one). */
export function signup(activityId: number, overrides: Record<string, unknown> = {}) {
  child += 1;
  return {
    activityId,
    childFirstName: `Kind${child}x${fileTag}`,
    childLastName: 'de Vries',
    childDateOfBirth: '2017-05-04',
    childGroup: 'groep4',
    parentName: 'Ouder de Vries',
    email: `ouder${child}@example.nl`,
    phone: '0612345678',
    ...overrides,
  };
}

export function post(
  reg: TestClient,
  token: string | undefined,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return reg.post('/api/registrations', body, {
    anonymous: true,
    headers: { ...(token ? { 'x-school-token': token } : {}), ...headers },
  });
}

/**
 * An organisation's own school, block, provider and activity, made by its admin on its own
 * host as on organisation 1's (R-ORG-HOST), and the sign-ups of its parents there.
 */
export function organisationAt(w: World, id: number, host?: string) {
  if (host) setTestOrganisation(host, { id, status: 'active', publicBaseUrl: `https://${host}` });
  const headers: Record<string, string> = host ? { 'X-Organisation-Host': host } : {};
  let slot = 0;
  let school: { id: number; accessToken: string } | undefined;
  let providerId = 0;
  const made = async (path: string, body: Record<string, unknown>) => {
    const res = await w.cat.post(path, body, { headers });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
    return res.body as { id: number; accessToken: string; signupClosesAt: string };
  };
  const org = {
    id,
    headers,
    async block(fields: Record<string, unknown> = {}) {
      school ??= await made('/api/schools', { name: `School ${id}` });
      providerId ||= (await made('/api/providers', { name: `Aanbieder ${id}` })).id;
      return made('/api/blocks', {
        name: `Blok ${id}-${Date.now()}`,
        weekStart: 20,
        weekEnd: 24,
        ...fields,
      });
    },
    /** An activity of `capacity` in `blockId`, once this service holds it (its projection). */
    async activity(blockId: number, capacity: number) {
      slot += 1;
      const a = await made('/api/activities', {
        title: `Activiteit ${id}-${slot}`,
        capacity,
        weekday: slot % 7,
        startTime: `1${slot % 10}:15`,
        schoolId: school!.id,
        blockId,
        providerId,
      });
      await until(
        async () =>
          (
            await withOrganisation(id, () =>
              w.registrations.ctx.sequelize.query('SELECT id FROM activities WHERE id = :a', {
                replacements: { a: a.id },
                type: QueryTypes.SELECT,
              }),
            )
          ).length > 0,
      );
      return a.id;
    },
    /** A parent's sign-up `body` on this organisation's host; `key`: its `Idempotency-Key`. */
    post(body: unknown, key?: string) {
      return post(w.reg, school!.accessToken, body, {
        ...headers,
        ...(key ? { 'idempotency-key': key } : {}),
      });
    },
    /** A fresh child's sign-up, answered 201; answers the sign-up's id. */
    async join(activityId: number, waitlist = true) {
      const res = await org.post(signup(activityId, { waitlist }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.registration.id as number;
    },
    async admin(registrationId: number, action: 'approve' | 'revert') {
      const res = await w.reg.post(
        `/api/admin/registrations/${registrationId}/${action}`,
        action === 'approve' ? { sendEmail: false } : undefined,
        { headers },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    },
  };
  return org;
}
