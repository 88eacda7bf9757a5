// R-ORG-HOST: each request runs as work of the organisation its host belongs to; a host is
// taken from the gateway's X-Organisation-Host only when the request came through a trusted
// proxy, and a suspended organisation answers 403 ORGANISATION_SUSPENDED.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ORGANISATION_ANSWER_REUSE_MS, type OrganisationAnswer } from '@nsa/contracts';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { currentOrganisation, withOrganisation } from '../src/context.js';
import { AppError, createErrorHandler } from '../src/errors.js';
import { createLogger } from '../src/logger.js';
import {
  EveryOrganisation,
  normaliseHost,
  organisationContext,
  PublicAddress,
  reusedOrganisationAnswers,
} from '../src/organisation.js';

const ORGANISATIONS: Record<string, OrganisationAnswer> = {
  'welzijn.example': { id: 2, status: 'active', publicBaseUrl: 'https://welzijn.example' },
  'dicht.example': { id: 3, status: 'suspended', publicBaseUrl: 'https://dicht.example' },
};
const FIRST: OrganisationAnswer = { id: 1, status: 'active', publicBaseUrl: 'http://localhost' };

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

/** A service app behind `trustProxy`, whose organisations come from the table above. */
async function app(
  trustProxy: string,
  source = { get: async (host: string) => ORGANISATIONS[host] ?? FIRST },
) {
  const asked: string[] = [];
  const a = express();
  a.set('trust proxy', trustProxy);
  a.use(
    organisationContext(
      { get: (host) => (asked.push(host), source.get(host)) },
      { skip: (p) => p === '/livez', open: (p) => p.startsWith('/api/platform/') },
    ),
  );
  a.get(/.*/, async (_req, res) => {
    await new Promise((r) => setTimeout(r, 5));
    res.json({ organisation: currentOrganisation() ?? null });
  });
  a.use(createErrorHandler(createLogger('organisation-test', 'silent')));
  const server = await new Promise<Server>((resolve) => {
    const s = a.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return { get, asked };
}

describe('the organisation of a request', () => {
  it('is found by the gateway-forwarded host from a trusted proxy', async () => {
    const { get, asked } = await app('loopback');
    const res = await get('/api/blocks', { 'X-Organisation-Host': 'welzijn.example' });
    expect(res).toEqual({ status: 200, body: { organisation: 2 } });
    expect(asked).toEqual(['welzijn.example']);
    // Any other host is organisation 1's.
    expect((await get('/api/blocks')).body).toEqual({ organisation: 1 });
  });

  it('ignores X-Organisation-Host from a peer that is not a trusted proxy', async () => {
    const { get, asked } = await app('10.1.2.3');
    const res = await get('/api/blocks', { 'X-Organisation-Host': 'welzijn.example' });
    expect(res.body).toEqual({ organisation: 1 });
    expect(asked).toEqual(['127.0.0.1']);
  });

  it('answers 403 ORGANISATION_SUSPENDED for a suspended organisation, in the caller language', async () => {
    const { get } = await app('loopback');
    const nl = await get('/api/blocks', { 'X-Organisation-Host': 'dicht.example' });
    expect(nl).toEqual({
      status: 403,
      body: {
        code: 'ORGANISATION_SUSPENDED',
        message: 'Deze organisatie is tijdelijk niet beschikbaar.',
      },
    });
    const en = await get('/api/blocks', {
      'X-Organisation-Host': 'dicht.example',
      'Accept-Language': 'en',
    });
    expect(en.body.message).toBe('This organisation is temporarily unavailable.');
    // What the platform needs of it stays open; probes belong to no organisation.
    expect((await get('/api/platform/x', { 'X-Organisation-Host': 'dicht.example' })).body).toEqual(
      {
        organisation: 3,
      },
    );
    expect((await get('/livez', { 'X-Organisation-Host': 'dicht.example' })).body).toEqual({
      organisation: null,
    });
  });

  it('answers 503 when no organisation can be told', async () => {
    const unknown = await app('loopback', { get: async () => undefined as never });
    expect((await unknown.get('/api/blocks')).status).toBe(503);
    const down = await app('loopback', {
      get: async () => {
        throw new AppError('SERVICE_UNAVAILABLE', 503);
      },
    });
    const res = await down.get('/api/blocks');
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('normalises a host: lower case, no port, no trailing dot', () => {
    expect(normaliseHost('Welzijn.EXAMPLE:8080')).toBe('welzijn.example');
    expect(normaliseHost('welzijn.example.')).toBe('welzijn.example');
    expect(normaliseHost('[::1]:8080')).toBe('[::1]');
    expect(normaliseHost('')).toBe('_');
  });

  it("svc-identity's own reads are used again for ORGANISATION_ANSWER_REUSE_MS, one read however many ask; an unknown host or a failed read is read again", async () => {
    const reads: string[] = [];
    let fail = false;
    const source = reusedOrganisationAnswers(
      async (hosts) => {
        reads.push(...hosts);
        await new Promise((r) => setTimeout(r, 5));
        if (fail) throw new Error('database away');
        return hosts.map((h) => ORGANISATIONS[h] ?? null);
      },
      async () => [],
      async () => null,
    );
    const many = await Promise.all([1, 2, 3].map(() => source.get('welzijn.example')));
    expect(many.map((a) => a?.id)).toEqual([2, 2, 2]);
    expect(reads).toEqual(['welzijn.example']);
    expect(await source.get('nergens.example')).toBeNull();
    expect(await source.get('nergens.example')).toBeNull();
    expect(reads.filter((h) => h === 'nergens.example')).toHaveLength(2);
    await new Promise((r) => setTimeout(r, ORGANISATION_ANSWER_REUSE_MS + 10));
    fail = true;
    await expect(source.get('welzijn.example')).rejects.toThrow('database away');
    fail = false;
    expect((await source.get('welzijn.example'))?.id).toBe(2);
    expect(reads.filter((h) => h === 'welzijn.example')).toHaveLength(3);
  });

  it("svc-identity reads a host again behind its answer once half the reuse is over, so a host asked for steadily never waits and the newer answer takes the first one's place", async () => {
    let id = 2;
    let slow = 0;
    const reads: number[] = [];
    const source = reusedOrganisationAnswers(
      async (hosts) => {
        reads.push(Date.now());
        await new Promise((r) => setTimeout(r, slow));
        return hosts.map(() => ({ ...ORGANISATIONS['welzijn.example']!, id }));
      },
      async () => [],
      async () => null,
    );
    expect((await source.get('welzijn.example'))?.id).toBe(2);
    id = 3;
    slow = 50;
    await new Promise((r) => setTimeout(r, ORGANISATION_ANSWER_REUSE_MS / 2 + 10));
    // Past half the reuse: the known answer at once, a read behind it.
    const started = Date.now();
    expect((await source.get('welzijn.example'))?.id).toBe(2);
    expect(Date.now() - started).toBeLessThan(50);
    expect(reads).toHaveLength(2);
    // Asked again meanwhile: no third read, the same answer.
    expect((await source.get('welzijn.example'))?.id).toBe(2);
    expect(reads).toHaveLength(2);
    // Once read, the new answer is the one used.
    await new Promise((r) => setTimeout(r, 70));
    expect((await source.get('welzijn.example'))?.id).toBe(3);
  });
});

// R-ORG-JOBS: background work runs once per organisation, each as its own work.
describe('every organisation in turn', () => {
  const logger = createLogger('test', 'silent');

  it('runs the work once per organisation of the statuses asked, each as that organisation, in order', async () => {
    const lists: Record<string, number[]> = { active: [3, 1], suspended: [2], deleting: [] };
    const every = new EveryOrganisation({ ids: async (s) => lists[s]! }, logger);
    const seen: Array<[number, number | undefined]> = [];
    const done = await every.run(['active'], async (id) => {
      seen.push([id, currentOrganisation()]);
      return id * 10;
    });
    expect(seen).toEqual([
      [1, 1],
      [3, 3],
    ]);
    expect([...done]).toEqual([
      [1, 10],
      [3, 30],
    ]);
    expect(await every.ids(['active', 'suspended', 'deleting'])).toEqual([1, 2, 3]);
    expect(currentOrganisation()).toBeUndefined();
  });

  it("one organisation's failure leaves the others' turn and fails the round afterwards", async () => {
    const every = new EveryOrganisation({ ids: async () => [1, 2, 3] }, logger);
    const ran: number[] = [];
    await expect(
      every.run(['active'], async (id) => {
        ran.push(id);
        if (id === 2) throw new Error('organisation 2 failed');
      }),
    ).rejects.toThrow('organisation 2 failed');
    expect(ran).toEqual([1, 2, 3]);
  });

  it('when the list cannot be had, the last one given is used, and organisation 1 alone before any', async () => {
    let answer: number[] | undefined;
    const every = new EveryOrganisation(
      {
        ids: async () => {
          if (!answer) throw new Error('svc-identity away');
          return answer;
        },
      },
      logger,
    );
    expect(await every.ids(['active', 'suspended'])).toEqual([1]);
    answer = [1, 4];
    expect(await every.ids(['active'])).toEqual([1, 4]);
    answer = undefined;
    expect(await every.ids(['active'])).toEqual([1, 4]);
  });
});

describe("the address of the work's organisation (R-ORG-LINKS)", () => {
  const DEPLOYMENT = 'http://localhost:8080/';
  const WELZIJN = {
    status: 'active',
    name: 'Welzijn Buurstad',
    contactEmail: 'info@welzijn.example',
  } as const;

  it("is the deployment's for organisation 1 and for work of none, and another organisation's own as svc-identity answers it", async () => {
    const asked: number[] = [];
    const address = new PublicAddress(
      {
        byId: async (id) => {
          asked.push(id);
          return id === 2 ? { ...WELZIJN, id, publicBaseUrl: 'https://welzijn.example/' } : null;
        },
      },
      DEPLOYMENT,
    );
    expect(await address.current()).toBe('http://localhost:8080');
    expect(await withOrganisation(1, () => address.current())).toBe('http://localhost:8080');
    expect(await withOrganisation(2, () => address.current())).toBe('https://welzijn.example');
    expect(await withOrganisation(2, () => address.host())).toBe('welzijn.example');
    expect(await withOrganisation(2, () => address.further())).toMatchObject({
      name: 'Welzijn Buurstad',
    });
    expect(await withOrganisation(1, () => address.further())).toBeUndefined();
    expect(asked).toEqual([2]);
    // An organisation svc-identity does not know gets no link on anyone's address.
    const unknown = await withOrganisation(7, () => address.current()).catch((e: AppError) => e);
    expect(unknown).toBeInstanceOf(AppError);
    expect((unknown as AppError).status).toBe(503);
  });

  it('answers a known address at once, asks again in the background after ORGANISATION_ANSWER_REUSE_MS and keeps it while svc-identity cannot answer', async () => {
    let url: string | Error = 'https://oud.example';
    let asks = 0;
    const address = new PublicAddress(
      {
        byId: async (id) => {
          asks += 1;
          if (url instanceof Error) throw url;
          return { ...WELZIJN, id, publicBaseUrl: url };
        },
      },
      DEPLOYMENT,
    );
    const current = () => withOrganisation(3, () => address.current());
    expect(await current()).toBe('https://oud.example');
    url = 'https://nieuw.example';
    // Within the reuse time: the known address, nothing asked.
    expect(await current()).toBe('https://oud.example');
    expect(asks).toBe(1);
    await new Promise((r) => setTimeout(r, ORGANISATION_ANSWER_REUSE_MS + 20));
    // Past it: still answered at once, and asked again behind it.
    expect(await current()).toBe('https://oud.example');
    await new Promise((r) => setTimeout(r, 10));
    expect(asks).toBe(2);
    expect(await current()).toBe('https://nieuw.example');
    url = new Error('identity away');
    await new Promise((r) => setTimeout(r, ORGANISATION_ANSWER_REUSE_MS + 20));
    expect(await current()).toBe('https://nieuw.example');
    await new Promise((r) => setTimeout(r, 10));
    expect(await current()).toBe('https://nieuw.example');
  });
});
