// Asking the owner of data (R-FRESH-SIGNUP, R-FRESH-PROVIDER-LINK, R-FRESH-SESSION): a burst of
// questions costs few round trips, every answer was read after its question was asked, a
// remembered answer is used only as long as allowed, and an owner that cannot be asked is 503.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { NATS_HEADERS } from '@nsa/contracts';
import { startNats, freePort, type Managed } from '@nsa/local-infra';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../src/logger.js';
import { connectNats, type NatsConnection } from '../src/nats.js';
import { OwnerLookup, serveLookup } from '../src/owner.js';
import { currentOrganisation, withOrganisation } from '../src/context.js';

const spec = { key: z.number().int(), value: z.object({ n: z.number() }) };
const logger = createLogger('owner-test', 'silent');

describe('OwnerLookup', () => {
  let dir: string;
  let nats: Managed;
  let nc: NatsConnection;
  /** The owner's data, and the questions it was asked. */
  const data = new Map<number, number>();
  const questions: number[][] = [];
  /** The organisation each question was answered as (R-ORG-EVENTS). */
  const askedAs: Array<number | undefined> = [];
  let owner: { stop(): void };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nsa-owner-'));
    const started = await startNats({
      storeDir: join(dir, 'nats'),
      port: await freePort(),
      logFile: join(dir, 'nats.log'),
    });
    nats = started.proc;
    nc = await connectNats(started.url, 'owner-test', logger);
    owner = serveLookup(
      nc,
      'rpc.test.things',
      'test',
      spec,
      async (keys) => {
        questions.push(keys);
        askedAs.push(currentOrganisation());
        return keys.map((k) => (data.has(k) ? { n: data.get(k)! } : null));
      },
      logger,
    );
    await nc.flush();
  });
  afterAll(async () => {
    owner?.stop();
    await nc?.close();
    await nats?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers a burst of 200 questions in a few round trips, each key asked once per trip', async () => {
    const lookup = new OwnerLookup(nc, 'rpc.test.things', spec, logger);
    data.set(1, 10).set(2, 20);
    questions.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => lookup.get((i % 3) + 1)),
    );
    expect(answers.slice(0, 3)).toEqual([{ n: 10 }, { n: 20 }, null]);
    expect(questions.length).toBeLessThanOrEqual(3);
    for (const q of questions) expect(new Set(q).size).toBe(q.length);
  });

  it('asks again for every question when nothing may be remembered: a change shows at once', async () => {
    const lookup = new OwnerLookup(nc, 'rpc.test.things', spec, logger);
    data.set(5, 1);
    expect(await lookup.get(5)).toEqual({ n: 1 });
    data.set(5, 2);
    expect(await lookup.get(5)).toEqual({ n: 2 });
    data.delete(5);
    expect(await lookup.get(5)).toBeNull();
  });

  it('uses a known answer again only within reuseForMs, and never remembers "unknown"', async () => {
    const lookup = new OwnerLookup(nc, 'rpc.test.things', spec, logger, { reuseForMs: 200 });
    data.set(7, 1);
    const t0 = Date.now();
    expect(await lookup.get(7, t0)).toEqual({ n: 1 });
    data.set(7, 2);
    expect(await lookup.get(7, t0 + 100)).toEqual({ n: 1 });
    expect(await lookup.get(7, Date.now() + 250)).toEqual({ n: 2 });

    expect(await lookup.get(8)).toBeNull();
    data.set(8, 3);
    expect(await lookup.get(8)).toEqual({ n: 3 });
  });

  it('asks again behind a known answer once half of reuseForMs is over, so a key asked for steadily finds a newer answer without waiting for it', async () => {
    const lookup = new OwnerLookup(nc, 'rpc.test.things', spec, logger, { reuseForMs: 400 });
    data.set(11, 1);
    questions.length = 0;
    const t0 = Date.now();
    expect(await lookup.get(11, t0)).toEqual({ n: 1 });
    data.set(11, 2);
    // Before half the time: the known answer, no question.
    expect(await lookup.get(11, t0 + 150)).toEqual({ n: 1 });
    expect(questions).toHaveLength(1);
    // Past half the time: still the known answer at once, and one question behind it.
    expect(await lookup.get(11, t0 + 250)).toEqual({ n: 1 });
    expect(await lookup.get(11, t0 + 260)).toEqual({ n: 1 });
    const until = Date.now() + 2000;
    while (questions.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 20));
    expect(questions).toEqual([[11], [11]]);
    // The newer answer is the one used now, where the first one was still within its time.
    expect(await lookup.get(11, t0 + 300)).toEqual({ n: 2 });
  });

  it('fails with 503 SERVICE_UNAVAILABLE when nobody answers for twice the time-out, or the owner could not answer', async () => {
    const nobody = new OwnerLookup(nc, 'rpc.test.nobody', spec, logger, { timeoutMs: 300 });
    const t0 = Date.now();
    await expect(nobody.get(1)).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    // Asked again meanwhile (no one answers at once), given up once twice the time-out passed.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(450);
    expect(Date.now() - t0).toBeLessThan(1500);
    const failing = serveLookup(
      nc,
      'rpc.test.failing',
      'test',
      spec,
      () => Promise.reject(new Error('database away')),
      logger,
    );
    await nc.flush();
    try {
      const lookup = new OwnerLookup(nc, 'rpc.test.failing', spec, logger);
      await expect(lookup.get(1)).rejects.toMatchObject({ status: 503 });
    } finally {
      failing.stop();
    }
  });

  it('takes the answer of an owner that starts answering within twice the time-out (a replaced process)', async () => {
    const lookup = new OwnerLookup(nc, 'rpc.test.late', spec, logger, { timeoutMs: 1000 });
    const asked = lookup.get(5);
    // No one answers on the subject for 600 ms ("no responders" at once), then an owner does.
    await new Promise((r) => setTimeout(r, 600));
    const late = serveLookup(
      nc,
      'rpc.test.late',
      'test',
      spec,
      async (keys) => keys.map(() => ({ n: 55 })),
      logger,
    );
    try {
      expect(await asked).toEqual({ n: 55 });
    } finally {
      late.stop();
    }
  });

  it('answers "unknown" without asking for a key outside the key schema (an id 0)', async () => {
    const positive = { key: z.number().int().positive(), value: spec.value };
    const lookup = new OwnerLookup(nc, 'rpc.test.things', positive, logger);
    data.set(0, 1);
    questions.length = 0;
    expect(await lookup.get(0)).toBeNull();
    expect(await lookup.get(-3)).toBeNull();
    expect(questions).toEqual([]);
  });

  it('takes a question the owner calls malformed for a fault of the code, not an outage', async () => {
    // The asker's key schema lets a string through that the owner's does not take.
    const bad = new OwnerLookup(
      nc,
      'rpc.test.things',
      { key: z.string(), value: spec.value },
      logger,
    );
    const err = await bad.get('not a number').then(
      () => null,
      (e: unknown) => e as { status?: number; message: string },
    );
    expect(err).not.toBeNull();
    expect(err!.status).toBeUndefined();
    expect(err!.message).toMatch(/no valid answer \(bad question\)/);
  });

  it("asks as the work's organisation, never mixing two in a question or using one's answer for another", async () => {
    const lookup = new OwnerLookup(nc, 'rpc.test.things', spec, logger, { reuseForMs: 60_000 });
    data.set(5, 50);
    questions.length = 0;
    askedAs.length = 0;
    const answers = await Promise.all([
      withOrganisation(7, () => lookup.get(5)),
      withOrganisation(8, () => lookup.get(5)),
      withOrganisation(7, () => lookup.get(5)),
      lookup.get(5),
    ]);
    expect(answers).toEqual([{ n: 50 }, { n: 50 }, { n: 50 }, { n: 50 }]);
    // One question per organisation (and one outside any), each answered as its own.
    expect(askedAs.map((o) => o ?? 0).sort()).toEqual([0, 7, 8]);
    expect(questions).toEqual([[5], [5], [5]]);
    // Remembered per organisation: organisation 9 asks for itself.
    await withOrganisation(7, () => lookup.get(5));
    expect(questions).toHaveLength(3);
    await withOrganisation(9, () => lookup.get(5));
    expect(askedAs.at(-1)).toBe(9);
    expect(questions).toHaveLength(4);
  });

  it('answers a question whose organisation header names none as malformed', async () => {
    const msg = await nc.request('rpc.test.things', JSON.stringify({ keys: [5] }), {
      timeout: 2000,
      headers: (() => {
        const h = natsHeaders();
        h.set(NATS_HEADERS.organisationId, 'x');
        return h;
      })(),
    });
    expect(msg.json()).toEqual({ error: 'bad question' });
  });
});
