import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ORGANISATION_ANSWER_REUSE_MS, type OrganisationStatus } from '@nsa/contracts';
import {
  EveryOrganisation,
  QueryTypes,
  createLogger,
  openLink,
  withOrganisation,
} from '@nsa/service-kit';
import { setTestOrganisation, until } from '@nsa/service-kit/testing';
import { retentionCutoff } from '../src/domain/privacy.js';
import { replayRegistrationErasures } from '../src/erasure-replay.js';
import { LINK_SEAL_SECRET, organisationAt, replica, startWorld, type World } from './world.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const HOUR = 3_600_000;

/**
 * R-ORG-JOBS: the background work of one deployment is done for every organisation it serves,
 * each in its own rows only (R-ORG-RLS): a lapsed offer or a closed lottery of a second
 * organisation moves on as the first organisation's does, and a suspended organisation's waits.
 */
describe('background jobs for every organisation', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld(infra);
  });
  afterAll(() => w?.stop());

  const db = () => w.registrations.ctx.sequelize;
  /** A query as work of `organisation` (organisation 1's when the work belongs to none). */
  const sql = <T extends object>(
    organisation: number,
    query: string,
    replacements: Record<string, unknown> = {},
  ) =>
    withOrganisation(organisation, () =>
      db().query<T>(query, { replacements, type: QueryTypes.SELECT }),
    );
  const statusOf = async (organisation: number, id: number) => {
    const query = 'SELECT status FROM registrations WHERE id = :id';
    return (await sql<{ status: string }>(organisation, query, { id }))[0]?.status;
  };

  const organisation = (id: number, host?: string) => organisationAt(w, id, host);
  type Organisation = ReturnType<typeof organisation>;

  /**
   * R-WAITLIST-OFFER: a full activity whose one place is freed again, so the first in line is
   * offered it and the second waits behind. Answers the two in line.
   */
  const offered = async (org: Organisation) => {
    const block = await org.block();
    const a = await org.activity(block.id, 1);
    const holder = await org.join(a, false);
    await org.admin(holder, 'approve');
    const first = await org.join(a);
    const second = await org.join(a);
    await org.admin(holder, 'revert');
    expect([await statusOf(org.id, first), await statusOf(org.id, second)]).toEqual([
      'offered',
      'waitlisted',
    ]);
    return { first, second };
  };
  /**
   * The offer runs out an hour from now (instead of in WAITLIST_OFFER_HOURS), written as work of
   * its organisation; the sweeps below look two hours ahead, so nothing else moves it on first.
   */
  const lapsesSoon = (org: number, id: number) => {
    const query =
      "UPDATE registrations SET offer_expires_at = now() + interval '1 hour' WHERE id = :id";
    return sql(org, query, { id });
  };
  const twoHoursOn = () => new Date(Date.now() + 2 * HOUR);
  /** The parent's link in the last email event of `type` about sign-up `id`, opened. */
  const linkOf = async (org: number, type: string, id: number) => {
    const [row] = await sql<{ sealed: string }>(
      org,
      `SELECT data->'notification'->>'sealedLink' AS sealed FROM outbox
        WHERE type = :type AND (data->>'registrationId')::int = :id ORDER BY id DESC LIMIT 1`,
      { type, id },
    );
    return row ? openLink(row.sealed, LINK_SEAL_SECRET) : undefined;
  };

  it("moves on a lapsed offer of organisation 2 and one of organisation 1 in the same sweep round, and leaves a suspended organisation's lapsed offer alone; each next in line is offered the place by a link on their own organisation's address (R-ORG-JOBS, R-WAITLIST-EXPIRY, R-ORG-LINKS)", async () => {
    const first = organisation(1);
    const second = organisation(2, 'tweede-wachtlijst.example');
    const third = organisation(3, 'derde-wachtlijst.example');
    const [one, two, three] = [await offered(first), await offered(second), await offered(third)];
    // Organisation 3 is suspended now: its sign-ups and emails stop, its offers stay as they are.
    setTestOrganisation('derde-wachtlijst.example', {
      id: 3,
      status: 'suspended',
      publicBaseUrl: 'https://derde-wachtlijst.example',
    });
    // Which organisations there are, as svc-identity answers it.
    const statuses: Partial<Record<OrganisationStatus, number[]>> = {
      active: [1, 2],
      suspended: [3],
    };
    const every = new EveryOrganisation(
      { ids: async (status) => statuses[status] ?? [] },
      createLogger('organisations', 'silent'),
    );
    const waitlist = replica(w.registrations, twoHoursOn).waitlist;

    await lapsesSoon(2, two.first);
    await lapsesSoon(3, three.first);
    // A sweep that is no organisation's work sees organisation 1's offers alone: organisation 2's
    // lapsed offer would never move on.
    await waitlist.expireLapsed();
    expect(await statusOf(2, two.first)).toBe('offered');

    await lapsesSoon(1, one.first);
    // One round of the sweep as the service runs it.
    await waitlist.start(every).stop();
    expect([await statusOf(1, one.first), await statusOf(1, one.second)]).toEqual([
      'withdrawn',
      'offered',
    ]);
    expect([await statusOf(2, two.first), await statusOf(2, two.second)]).toEqual([
      'withdrawn',
      'offered',
    ]);
    expect([await statusOf(3, three.first), await statusOf(3, three.second)]).toEqual([
      'offered',
      'waitlisted',
    ]);
    // Organisation 2's parent is told the offer lapsed, in organisation 2's own events.
    const told = await sql<{ id: string }>(
      2,
      `SELECT id FROM outbox WHERE type = 'registrations.registration.withdrawn'
       AND data->>'withdrawReason' = 'expired' AND (data->>'registrationId')::int = :id`,
      { id: two.first },
    );
    expect(told).toHaveLength(1);
    // The one next in line is offered the place in the sweep, outside any request, with a link
    // on organisation 2's own address; organisation 1's on the deployment's (R-ORG-LINKS).
    expect(await linkOf(2, 'registrations.registration.offered', two.second)).toMatch(
      /^https:\/\/tweede-wachtlijst\.example\/my-signup#[\w-]{43}$/,
    );
    expect(await linkOf(1, 'registrations.registration.offered', one.second)).toMatch(
      /^http:\/\/localhost:8080\/my-signup#/,
    );
    // So is the link in the confirmation of each sign-up made on organisation 2's host.
    expect(await linkOf(2, 'registrations.registration.created', two.first)).toMatch(
      /^https:\/\/tweede-wachtlijst\.example\/my-signup#/,
    );
  });

  it("does organisation 2's erasure again after a restore, as organisation 2's work, and offers the freed place by a link on its address (R-ERASURE-REPLAY, R-ORG-RLS, R-ORG-LINKS)", async () => {
    const host = 'tweede-herstel.example';
    const second = organisation(2, host);
    const a = await second.activity((await second.block()).id, 1);
    const erased = await second.join(a, false);
    await second.admin(erased, 'approve');
    const next = await second.join(a);
    // The backup was taken before the parent erased the sign-up: the ledger holds the erasure.
    const entry = {
      at: new Date().toISOString(),
      kind: 'parent' as const,
      registrationIds: [erased],
      organisation: 2,
    };
    const replayed = await replayRegistrationErasures(
      {
        sequelize: db(),
        logger: createLogger('restore', 'silent'),
        config: w.registrations.ctx.config,
        subjectHash: () => '',
        peers: {
          ask: () => Promise.reject(new Error("a parent's erasure asks no other service")),
        },
        organisations: {
          byId: async (id) =>
            id === 2
              ? {
                  id,
                  status: 'active',
                  publicBaseUrl: `https://${host}`,
                  name: 'Welzijn Tweede',
                  contactEmail: `info@${host}`,
                }
              : null,
        },
      },
      [entry],
    );
    expect(replayed).toEqual([
      { at: entry.at, kind: 'parent', organisation: 2, signups: 1, forget: [erased] },
    ]);
    expect(await statusOf(2, erased)).toBe('withdrawn');
    const [row] = await sql<{ erasedAt: Date | null }>(
      2,
      'SELECT erased_at AS "erasedAt" FROM registrations WHERE id = :id',
      { id: erased },
    );
    expect(row!.erasedAt).not.toBeNull();
    expect(await statusOf(2, next)).toBe('offered');
    expect(await linkOf(2, 'registrations.registration.offered', next)).toMatch(
      /^https:\/\/tweede-herstel\.example\/my-signup#/,
    );
  });

  it("keeps organisation 2's sign-ups for the months organisation 2 has set, as its retention run and privacy page say, and organisation 1's for the deployment's (R-ORG-SETTINGS, R-RETENTION-JOB)", async () => {
    const host = 'tweede-bewaren.example';
    const headers = { 'X-Organisation-Host': host };
    setTestOrganisation(
      host,
      { id: 2, status: 'active', publicBaseUrl: `https://${host}` },
      { retentionMonths: 3 },
    );
    try {
      // As svc-identity confirms a change only once no answer from before is used any more.
      await new Promise((r) => setTimeout(r, ORGANISATION_ANSWER_REUSE_MS + 50));
      const status = await w.reg.get('/api/admin/privacy/status', { headers });
      expect(status.status, JSON.stringify(status.body)).toBe(200);
      expect(status.body.retentionMonths).toBe(3);
      // The service's own daily run may hold the job a moment (409): asked again then.
      let run = await w.reg.post('/api/admin/privacy/retention/run', {}, { headers });
      await until(async () => {
        if (run.status !== 409) return true;
        run = await w.reg.post('/api/admin/privacy/retention/run', {}, { headers });
        return false;
      });
      expect(run.status, JSON.stringify(run.body)).toBe(200);
      expect(run.body.cutoff).toBe(retentionCutoff(new Date(), 3));
      // Organisation 1 keeps the deployment's RETENTION_MONTHS.
      expect((await w.reg.get('/api/admin/privacy/status')).body.retentionMonths).toBe(
        w.registrations.ctx.config.RETENTION_MONTHS,
      );
      expect(w.registrations.ctx.config.RETENTION_MONTHS).not.toBe(3);
    } finally {
      setTestOrganisation(host, { id: 2, status: 'active', publicBaseUrl: `https://${host}` }, {});
    }
  });

  it("freezes the entries of organisation 2's lottery block at its close, by the service's own freeze (R-ORG-JOBS, R-DRAW-FREEZE)", async () => {
    // The service's own freeze, every second for every active organisation svc-identity names.
    const second = organisation(2, 'tweede-loting.example');
    const block = await second.block({
      weekStart: 40,
      weekEnd: 45,
      signupOpensAt: new Date(Date.now() - 1000).toISOString(),
      signupClosesAt: new Date(Date.now() + 3000).toISOString(),
      allocation: 'lottery',
    });
    const a = await second.activity(block.id, 1);
    const entries = [await second.join(a, false), await second.join(a, false)];
    await new Promise((r) =>
      setTimeout(r, Math.max(0, new Date(block.signupClosesAt).getTime() - Date.now())),
    );
    await until(async () => {
      const [draw] = await sql<{ frozenAt: Date | null }>(
        2,
        'SELECT frozen_at AS "frozenAt" FROM draws WHERE block_id = :b',
        { b: block.id },
      );
      return !!draw?.frozenAt;
    });
    const [draw] = await sql<{ entries: Array<{ registrationId: number }> }>(
      2,
      `SELECT frozen_export->'entries' AS entries FROM draws WHERE block_id = :b`,
      { b: block.id },
    );
    const byId = (x: number, y: number) => x - y;
    expect(draw!.entries.map((e) => e.registrationId).sort(byId)).toEqual(entries.sort(byId));
    // Catalog is told the digest, and shows it on organisation 2's block.
    await expect
      .poll(
        async () =>
          (
            (await w.cat.get('/api/blocks', { headers: second.headers })).body as Array<{
              id: number;
              entriesDigest?: string | null;
            }>
          ).find((b) => b.id === block.id)?.entriesDigest ?? null,
        { timeout: 10_000 },
      )
      .toMatch(/^[0-9a-f]{64}$/);
  });
});
