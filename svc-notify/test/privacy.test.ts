import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PRIVACY_RPC_SUBJECTS, privacyReplySchema, type PrivacyRequest } from '@nsa/contracts';
import {
  QueryTypes,
  connectNats,
  createLogger,
  type NatsConnection,
  type RunningService,
} from '@nsa/service-kit';
import { serviceTestEnv, until } from '@nsa/service-kit/testing';
import { start } from '../src/start.js';
import {
  LINK_SEAL_SECRET,
  linkEvent,
  notification,
  registrationChange,
  sealLink,
} from './events.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

interface Row {
  eventId: string;
  kind: string;
  registrationId: number | null;
  status: string;
  payload: unknown;
  lastError: string | null;
}

/**
 * R-PRIVACY-MATCH: svc-notify's part in an export or erasure of one address finds a delivery
 * by the whole address (its recipient, or an SMTP error quoting it), never by a part of it: an
 * erasure of ann.x@ cancels no email of joann.x@, not even the offer of a place.
 */
describe("notify's export and erasure match the whole address (R-PRIVACY-MATCH)", () => {
  let svc: RunningService;
  /** Another service's connection, as svc-registrations and svc-identity publish and ask. */
  let nc: NatsConnection;
  const ANN = 'ann.x@example.nl';
  /** Addresses that hold ann.x@example.nl as a part. */
  const OTHERS = ['joann.x@example.nl', 'xann.x@example.nl', 'ann.x@example.nl.evil'];

  const ask = async (request: PrivacyRequest) =>
    privacyReplySchema.parse(
      (
        await nc.request(PRIVACY_RPC_SUBJECTS.notify, JSON.stringify(request), {
          timeout: 10_000,
        })
      ).json(),
    );
  const rows = () =>
    svc.ctx.sequelize.query<Row>(
      `SELECT event_id AS "eventId", kind, registration_id AS "registrationId", status, payload,
         last_error AS "lastError" FROM deliveries ORDER BY event_id, kind`,
      { type: QueryTypes.SELECT },
    );
  /** A delivery the mailer gave up on: no payload, the server's error quoting the address. */
  const failed = (kind: string, lastError: string) =>
    svc.ctx.sequelize.query(
      `INSERT INTO deliveries (event_id, kind, registration_id, status, last_error)
       VALUES (gen_random_uuid(), :kind, NULL, 'failed', :lastError)`,
      { replacements: { kind, lastError } },
    );

  beforeAll(async () => {
    svc = await start({
      env: await serviceTestEnv(infra, 'notify', {
        LINK_SEAL_SECRET,
        // No SMTP server: every email stays pending with its content.
        SMTP_URL: 'smtp://127.0.0.1:9',
        MAIL_RETRY_BASE_MS: '60000',
      }),
    });
    nc = await connectNats(infra.natsUrl, 'notify-privacy-test', createLogger('test', 'silent'));
    const link = await sealLink('https://naschool.test/my-signup#t');
    // Ann's confirmation (her address as she typed it), and the others' emails: Joann's offer
    // of a waiting-list place, Xann's approval, the .evil address's confirmation, and a
    // password link for Joann.
    await registrationChange(
      nc,
      'created',
      { status: 'new', registrationId: 100 },
      notification({ to: ' Ann.X@Example.nl ', sealedLink: link }),
      'nl',
    );
    await registrationChange(
      nc,
      'offered',
      { status: 'offered', previousStatus: 'waitlisted', registrationId: 101 },
      notification({
        to: OTHERS[0]!,
        childName: 'Joanna Smit',
        sealedLink: link,
        offerExpiresAt: new Date(Date.now() + 48 * 3600_000).toISOString(),
      }),
      'nl',
    );
    await registrationChange(
      nc,
      'approved',
      { status: 'approved', previousStatus: 'new', registrationId: 102 },
      notification({ to: OTHERS[1]!, sealedLink: link }),
      'nl',
    );
    await registrationChange(
      nc,
      'created',
      { status: 'new', registrationId: 103 },
      notification({ to: OTHERS[2]!, sealedLink: link }),
      'en',
    );
    await linkEvent(
      nc,
      'password-reset.requested',
      { email: OTHERS[0]!, name: 'Joann' },
      'nl',
      'https://naschool.test/reset#x',
      3600,
    );
    // Earlier test files leave deliveries of their own in the table: count only these five.
    const ours = (r: Row) =>
      [ANN, ...OTHERS].some((a) =>
        JSON.stringify(r.payload ?? '')
          .toLowerCase()
          .includes(a),
      );
    await until(async () => (await rows()).filter(ours).length === 5);
    await failed('signup-received', `550 5.1.1 <${ANN}>: Recipient address rejected`);
    await failed('signup-received', `Rejected: ${ANN}.`);
    for (const other of OTHERS)
      await failed('signup-received', `550 5.1.1 <${other}>: Recipient address rejected`);
    await failed('signup-received', `Rejected: ${OTHERS[0]}.`);
  });

  afterAll(async () => {
    await nc?.drain();
    await svc?.stop();
  });

  it("an export of ann.x@ holds her deliveries and the errors quoting her, none of joann.x@'s, xann.x@'s or ann.x@example.nl.evil's", async () => {
    const reply = await ask({ op: 'export', email: ANN });
    const fields = reply.records.map((r) => r.fields as unknown as Row);
    expect(fields.filter((f) => f.registrationId !== null).map((f) => f.registrationId)).toEqual([
      100,
    ]);
    expect(fields.filter((f) => f.registrationId === null).map((f) => f.lastError)).toEqual(
      expect.arrayContaining([
        `550 5.1.1 <${ANN}>: Recipient address rejected`,
        `Rejected: ${ANN}.`,
      ]),
    );
    expect(fields).toHaveLength(3);
    const text = JSON.stringify(reply).toLowerCase();
    for (const other of OTHERS) expect(text).not.toContain(other);
    expect(text).not.toContain('joanna');
  });

  it("an erasure of ann.x@ leaves every delivery of the others as it was: Joann's offer and password link stay pending", async () => {
    const before = await rows();
    const holdsOther = (r: Row) =>
      OTHERS.some((o) => JSON.stringify([r.payload, r.lastError]).toLowerCase().includes(o));
    const others = before.filter(holdsOther);
    expect(others).toHaveLength(8);
    expect(others.find((r) => r.kind === 'offer-made')).toMatchObject({
      registrationId: 101,
      status: 'pending',
    });

    const reply = await ask({ op: 'erase', email: ANN, registrationIds: [] });
    expect(reply.counts).toEqual({ deliveries: 3 });

    const after = await rows();
    // (A pending delivery's error may change while the mailer tries it; its content may not.)
    const content = (r: Row) => ({ ...r, lastError: r.status === 'pending' ? null : r.lastError });
    const key = (r: Row) => `${r.eventId}/${r.kind}`;
    const byKey = new Map(after.map((r) => [key(r), r]));
    for (const r of others) expect(content(byKey.get(key(r))!), key(r)).toEqual(content(r));
    // (Earlier test files leave deliveries of the same kinds: these are found by their keys.)
    const mine = (kind: string) => byKey.get(key(others.find((r) => r.kind === kind)!))!;
    const offer = mine('offer-made');
    expect(offer.status).toBe('pending');
    expect(JSON.stringify(offer.payload)).toContain('Joanna Smit');
    expect(mine('password-reset').status).toBe('pending');
    // Ann's are gone: her pending confirmation erased, both errors quoting her cleared.
    const annsConfirmation = before.find(
      (r) => r.registrationId === 100 && JSON.stringify(r.payload).toLowerCase().includes(ANN),
    )!;
    expect(byKey.get(key(annsConfirmation))).toMatchObject({
      status: 'erased',
      payload: null,
      lastError: null,
    });
    for (const r of after.filter((x) => !holdsOther(x)))
      expect(JSON.stringify(r).toLowerCase()).not.toContain(ANN);
    expect((await ask({ op: 'export', email: ANN })).records).toEqual([]);
  });
});
