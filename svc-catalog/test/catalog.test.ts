import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { PLATFORM_RPC_SUBJECTS } from '@nsa/contracts';
import { QueryTypes, withOrganisation, type RunningService } from '@nsa/service-kit';
import { serviceTestEnv, setTestOrganisation, testFeed } from '@nsa/service-kit/testing';
import { start } from '../src/start.js';
import { testClient as api } from '@nsa/service-kit/testing';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

describe('catalog admin data', () => {
  let svc: RunningService;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    svc = await start({ env: await serviceTestEnv(infra, 'catalog') });
    a = api(svc.url);
  });
  afterAll(() => svc?.stop());

  // R-SEC-ADMIN-ONLY: every change and the school list need an admin; blocks and providers do not.
  it('requires an admin for writes and the school list: 401 anonymous, 403 provider role', async () => {
    expect((await a.get('/api/schools', { anonymous: true })).status).toBe(401);
    expect(
      (await a.post('/api/blocks', { name: 'x', weekStart: 1, weekEnd: 2 }, { anonymous: true }))
        .status,
    ).toBe(401);
    const { testSessionCookie } = await import('@nsa/service-kit/testing');
    const provider = await testSessionCookie({ uid: 9, role: 'provider' });
    expect((await a.get('/api/schools', { headers: { cookie: provider } })).status).toBe(403);
    expect((await a.get('/api/blocks', { anonymous: true })).status).toBe(200);
    expect((await a.get('/api/providers', { anonymous: true })).status).toBe(200);
  });

  // R-SCHOOL-TOKEN
  it('gives every school a unique 32-hex token from a CSPRNG', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const res = await a.post('/api/schools', { name: `School ${i}` });
      expect(res.status).toBe(201);
      expect(res.body.accessToken).toMatch(/^[0-9a-f]{32}$/);
      tokens.add(res.body.accessToken);
    }
    expect(tokens.size).toBe(5);
    const [dup] = [...tokens];
    await expect(
      svc.ctx.sequelize.query("INSERT INTO schools (name, access_token) VALUES ('x', :dup)", {
        replacements: { dup },
      }),
    ).rejects.toThrow();
  });

  // R-SCHOOL-TOKEN: kept on a rename; R-SCHOOL-BY-TOKEN
  it('keeps a school token permanent when the school is renamed', async () => {
    const created = await a.post('/api/schools', { name: 'Oud' });
    const renamed = await a.put(`/api/schools/${created.body.id}`, { name: 'Nieuw' });
    expect(renamed.body).toMatchObject({ name: 'Nieuw', accessToken: created.body.accessToken });
    expect(
      (await a.get(`/api/schools/by-token/${created.body.accessToken}`, { anonymous: true })).body,
    ).toEqual({
      id: created.body.id,
      name: 'Nieuw',
    });
    expect((await a.get('/api/schools/by-token/NOT-A-TOKEN', { anonymous: true })).status).toBe(
      404,
    );
    expect(
      (await a.get(`/api/schools/by-token/${'0'.repeat(32)}`, { anonymous: true })).status,
    ).toBe(404);
  });

  // R-CAL-WEEKDAY: a weekday from 0 to 6, a start time in 24-hour HH:MM.
  it('validates schools, blocks, providers and activities with the R-CATALOG-VALIDATION messages in nl and en', async () => {
    const nl = async (path: string, body: unknown) => (await a.post(path, body)).body;
    const en = async (path: string, body: unknown) =>
      (await a.post(path, body, { headers: { 'accept-language': 'en' } })).body;
    expect((await nl('/api/schools', { name: ' ' })).fields).toEqual({
      name: 'Schoolnaam is verplicht',
    });
    expect((await en('/api/schools', {})).fields).toEqual({ name: 'School name is required' });
    expect((await en('/api/providers', { name: '' })).fields).toEqual({
      name: 'Provider name is required',
    });
    expect((await en('/api/blocks', { name: '', weekStart: 0, weekEnd: 54 })).fields).toEqual({
      name: 'Block name is required',
      weekStart: 'Week must be between 1 and 53',
      weekEnd: 'Week must be between 1 and 53',
    });
    expect(
      (await nl('/api/blocks', { name: 'Winter', weekStart: 50, weekEnd: 3 })).fields.weekEnd,
    ).toMatch(/Eindweek moet gelijk aan of na de startweek/);
    const bad = await en('/api/activities', {
      title: '',
      capacity: 0,
      weekday: 7,
      startTime: '25:00',
    });
    expect(bad.code).toBe('VALIDATION_FAILED');
    expect(bad.fields).toMatchObject({
      title: 'Activity title is required',
      capacity: 'Capacity must be at least 1',
      weekday: 'Weekday must be between 0-6',
      startTime: 'Start time must be in HH:MM format',
    });
  });

  // R-CATALOG-FLAGS: both flags off unless set; R-DATA-ACTIVITY: school, block, provider embedded.
  it('refuses deleting a school, block or provider that has activities (409), and allows it after', async () => {
    const school = (await a.post('/api/schools', { name: 'Guarded' })).body;
    const block = (await a.post('/api/blocks', { name: 'B', weekStart: 10, weekEnd: 12 })).body;
    const provider = (await a.post('/api/providers', { name: 'P' })).body;
    const activity = await a.post('/api/activities', {
      title: 'Voetbal',
      capacity: 10,
      weekday: 3,
      startTime: '15:00',
      schoolId: school.id,
      blockId: block.id,
      providerId: provider.id,
    });
    expect(activity.status).toBe(201);
    expect(activity.body).toMatchObject({
      isLocked: false,
      isHidden: false,
      school: { name: 'Guarded' },
      block: { name: 'B', weekStart: 10, weekEnd: 12 },
      provider: { name: 'P' },
    });
    const s = await a.del(`/api/schools/${school.id}`);
    expect(s.status).toBe(409);
    expect(s.body.message).toBe(
      'Deze school kan niet worden verwijderd: er zijn nog activiteiten gekoppeld aan deze school.',
    );
    expect((await a.del(`/api/blocks/${block.id}`)).status).toBe(409);
    expect((await a.del(`/api/providers/${provider.id}`)).status).toBe(409);
  });

  it('refuses an activity that points at a missing school, block or provider', async () => {
    const res = await a.post('/api/activities', {
      title: 'X',
      capacity: 1,
      weekday: 1,
      startTime: '10:00',
      schoolId: 999999,
      blockId: 999999,
      providerId: 999999,
    });
    expect(res.status).toBe(400);
  });
});

describe('public activity list', () => {
  let svc: RunningService;
  let a: ReturnType<typeof api>;
  let school: { id: number; accessToken: string };
  let other: { id: number; accessToken: string };
  beforeAll(async () => {
    svc = await start({ env: await serviceTestEnv(infra, 'catalog') });
    a = api(svc.url);
    school = (await a.post('/api/schools', { name: 'Zonnebloem' })).body;
    other = (await a.post('/api/schools', { name: 'Anders' })).body;
    const block = (await a.post('/api/blocks', { name: 'Lente', weekStart: 14, weekEnd: 18 })).body;
    const provider = (await a.post('/api/providers', { name: 'Sportclub' })).body;
    const base = {
      capacity: 12,
      weekday: 2,
      startTime: '15:30',
      schoolId: school.id,
      blockId: block.id,
      providerId: provider.id,
    };
    await a.post('/api/activities', { ...base, title: 'Open' });
    await a.post('/api/activities', { ...base, title: 'Vol', isLocked: true });
    await a.post('/api/activities', { ...base, title: 'Verborgen', isHidden: true });
  });
  afterAll(() => svc?.stop());

  // R-SCHOOL-LINK
  it('answers 403 without the school token or with another school token', async () => {
    expect((await a.get(`/api/activities?schoolId=${school.id}`, { anonymous: true })).status).toBe(
      403,
    );
    const wrong = await a.get(`/api/activities?schoolId=${school.id}`, {
      anonymous: true,
      headers: { 'x-school-token': other.accessToken },
    });
    expect(wrong.status).toBe(403);
    expect(
      (
        await a.get('/api/activities', {
          anonymous: true,
          headers: { 'x-school-token': school.accessToken },
        })
      ).status,
    ).toBe(403);
  });

  // R-SIGNUP-HIDDEN, R-SIGNUP-LOCKED, R-DATA-ACTIVITY
  it('lists with the token: hidden never, locked with isLocked, counts and weeks embedded', async () => {
    const res = await a.get(`/api/activities?schoolId=${school.id}`, {
      anonymous: true,
      headers: { 'x-school-token': school.accessToken },
    });
    expect(res.status).toBe(200);
    const titles = res.body.map((x: { title: string }) => x.title).sort();
    expect(titles).toEqual(['Open', 'Vol']);
    const locked = res.body.find((x: { title: string }) => x.title === 'Vol');
    expect(locked).toMatchObject({
      isLocked: true,
      schoolId: school.id,
      approvedCount: 0,
      registrationsCount: 0,
      availablePlaces: 12,
      week: 14,
      weeks: [14, 15, 16, 17, 18],
      school: { id: school.id, name: 'Zonnebloem' },
      provider: { name: 'Sportclub' },
    });
  });

  // R-SCHOOL-LINK: an admin may list without the token; R-DATA-ACTIVITY: the admin list.
  it('lets an admin list without a token, and shows hidden ones only in the admin list', async () => {
    expect((await a.get(`/api/activities?schoolId=${school.id}`)).body).toHaveLength(2);
    const all = await a.get('/api/admin/activities?includeCapacity=true');
    expect(all.body.map((x: { title: string }) => x.title)).toContain('Verborgen');
    expect(all.body[0]).toHaveProperty('approvedCount', 0);
  });

  it('refuses garbage query values with 400', async () => {
    expect((await a.get('/api/activities?schoolId=abc')).status).toBe(400);
  });
});

describe('provider links and QR codes', () => {
  let svc: RunningService;
  let a: ReturnType<typeof api>;
  let activityId: number;
  let schoolId: number;
  let blockId: number;
  beforeAll(async () => {
    svc = await start({ env: await serviceTestEnv(infra, 'catalog') });
    a = api(svc.url);
    const school = (await a.post('/api/schools', { name: 'QR School' })).body;
    const block = (await a.post('/api/blocks', { name: 'Herfst', weekStart: 40, weekEnd: 44 }))
      .body;
    const provider = (await a.post('/api/providers', { name: 'Muziek' })).body;
    schoolId = school.id;
    blockId = block.id;
    activityId = (
      await a.post('/api/activities', {
        title: 'Gitaar',
        capacity: 5,
        weekday: 3,
        startTime: '14:00',
        schoolId,
        blockId,
        providerId: provider.id,
      })
    ).body.id;
  });
  afterAll(() => svc?.stop());

  const hashes = async () =>
    svc.ctx.sequelize.query<{ token_hash: string; revoked: boolean }>(
      'SELECT token_hash, revoked FROM activity_tokens WHERE activity_id = :activityId',
      {
        replacements: { activityId },
        type: QueryTypes.SELECT,
      },
    );

  // R-PROVIDER-LINK: provider link tokens are stored only as hashes.
  it('answers 404 before a link exists, then stores only a SHA-256 hash of a 256-bit token', async () => {
    expect((await a.get(`/api/admin/activities/${activityId}/provider-token`)).status).toBe(404);
    const gen = await a.post(`/api/admin/activities/${activityId}/provider-token/generate`);
    expect(gen.status).toBe(200);
    const url = new URL(gen.body.url);
    expect(url.pathname).toBe(`/provider/${activityId}`);
    const token = url.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await hashes();
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toContain(token);
    const status = await a.get(`/api/admin/activities/${activityId}/provider-token`);
    expect(status.body).toMatchObject({ revoked: false, state: 'active' });
    expect(status.body.url).toBeUndefined();
    expect(new Date(status.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('regenerating replaces the hash (old link invalid); revoking is permanent until a new one is generated', async () => {
    const [before] = await hashes();
    await a.post(`/api/admin/activities/${activityId}/provider-token/generate`);
    const [after] = await hashes();
    expect(after!.token_hash).not.toBe(before!.token_hash);
    const rev = await a.post(`/api/admin/activities/${activityId}/provider-token/revoke`);
    expect(rev.body).toMatchObject({ revoked: true, state: 'revoked' });
    expect((await a.get(`/api/admin/activities/${activityId}/provider-token`)).body.state).toBe(
      'revoked',
    );
    const [revoked] = await hashes();
    expect(revoked).toMatchObject({ token_hash: after!.token_hash, revoked: true });
  });

  it('reports an expired link as expired', async () => {
    await a.post(`/api/admin/activities/${activityId}/provider-token/generate`);
    await svc.ctx.sequelize.query(
      "UPDATE activity_tokens SET expires_at = now() - interval '1 minute' WHERE activity_id = :activityId",
      {
        replacements: { activityId },
      },
    );
    expect((await a.get(`/api/admin/activities/${activityId}/provider-token`)).body).toMatchObject({
      state: 'expired',
      revoked: false,
    });
  });

  it("lets a new link expire two weeks after the Friday of its block's last week, or two weeks from now once that Friday has passed (R-PROVIDER-LINK-EXPIRY)", async () => {
    const provider = (await a.post('/api/providers', { name: 'Looptijd' })).body;
    const expiryOfNewLink = async (year: number) => {
      const block = (
        await a.post('/api/blocks', { name: `Looptijd ${year}`, weekStart: 10, weekEnd: 12, year })
      ).body;
      const activity = (
        await a.post('/api/activities', {
          title: `Looptijd ${year}`,
          capacity: 5,
          weekday: 3,
          startTime: '14:00',
          schoolId,
          blockId: block.id,
          providerId: provider.id,
        })
      ).body;
      const gen = await a.post(`/api/admin/activities/${activity.id}/provider-token/generate`);
      expect(gen.status).toBe(200);
      return new Date(gen.body.expiresAt).getTime();
    };
    // Week 12 of 2030 ends on Friday 22 March: the link works until Friday 5 April.
    expect(new Date(await expiryOfNewLink(2030)).toISOString().slice(0, 10)).toBe('2030-04-05');
    // Week 12 of 2020 ended on Friday 20 March 2020: two weeks from the moment it is made.
    const twoWeeks = 14 * 24 * 3600 * 1000;
    const before = Date.now();
    const expiry = await expiryOfNewLink(2020);
    expect(expiry).toBeGreaterThanOrEqual(before + twoWeeks);
    expect(expiry).toBeLessThanOrEqual(Date.now() + twoWeeks);
  });

  // R-SCHOOL-QR; R-SCHOOL-TOKEN: the school's page is /schools/{token} under PUBLIC_BASE_URL.
  it('gives a school QR code as a PNG data URL of the school page', async () => {
    const res = await a.get(`/api/admin/schools/${schoolId}/qrcode`);
    expect(res.status).toBe(200);
    const school = (await a.get('/api/schools')).body.find(
      (s: { id: number }) => s.id === schoolId,
    );
    expect(res.body.url).toBe(`http://localhost:8080/schools/${school.accessToken}`);
    expect(res.body.schoolName).toBe('QR School');
    const png = Buffer.from(
      res.body.qrCodeDataUrl.replace(/^data:image\/png;base64,/, ''),
      'base64',
    );
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  // R-SEC-ADMIN-ONLY: the block QR code needs an admin.
  it('gives a block QR code as a PNG download, admin only', async () => {
    const res = await a.get(`/api/qr/block/${blockId}?schoolId=${schoolId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toContain(`block-${blockId}-qr.png`);
    expect((res.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
    expect((await a.get(`/api/qr/block/${blockId}`, { anonymous: true })).status).toBe(401);
  });

  it('publishes one event per change with what the registrations projection needs', async () => {
    const jsm = await jetstreamManager(await testFeed(infra.natsUrl));
    const stream = await jsm.streams.get('CATALOG');
    await a.put(`/api/activities/${activityId}`, {
      title: 'Gitaar',
      capacity: 6,
      weekday: 3,
      startTime: '14:00',
      schoolId,
      blockId,
      providerId: (await a.get('/api/providers')).body.find(
        (p: { name: string }) => p.name === 'Muziek',
      ).id,
      isLocked: true,
    });
    const [row] = await svc.ctx.sequelize.query<{ id: string; data: Record<string, unknown> }>(
      "SELECT id, data FROM outbox WHERE type = 'catalog.activity.updated' ORDER BY seq DESC LIMIT 1",
      { type: QueryTypes.SELECT },
    );
    expect(row!.data).toMatchObject({
      id: activityId,
      capacity: 6,
      weekday: 3,
      startTime: '14:00',
      isLocked: true,
      isHidden: false,
      school: { id: schoolId, name: 'QR School' },
      block: { id: blockId, weekStart: 40, weekEnd: 44 },
      provider: { name: 'Muziek' },
    });
    expect((row!.data.school as { accessTokenHash: string }).accessTokenHash).toMatch(
      /^[0-9a-f]{64}$/,
    );
    // Published exactly once, under the event id.
    let found = 0;
    await new Promise((r) => setTimeout(r, 300));
    const info = await stream.info();
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq += 1) {
      const m = await stream.getMessage({ seq }).catch(() => null);
      if (m && m.json<{ id: string }>().id === row!.id) found += 1;
    }
    expect(found).toBe(1);
    // Token events carry only the hash.
    const [tok] = await svc.ctx.sequelize.query<{ data: Record<string, unknown> }>(
      "SELECT data FROM outbox WHERE type = 'catalog.provider-token.changed' ORDER BY seq DESC LIMIT 1",
      { type: QueryTypes.SELECT },
    );
    expect(Object.keys(tok!.data).sort()).toEqual([
      'activityId',
      'expiresAt',
      'revoked',
      'tokenHash',
    ]);
  });

  // R-ORG-RLS: the same admin, the same ids and tokens, on another organisation's host: none of
  // the first organisation's rows is shown, found or changed there, and the reverse.
  it("shows, finds and changes nothing of another organisation's", async () => {
    setTestOrganisation('tweede.example', {
      id: 2,
      status: 'active',
      publicBaseUrl: 'https://tweede.example',
    });
    const there = { headers: { 'X-Organisation-Host': 'tweede.example' } };
    const here = await a.post('/api/schools', { name: 'Zonnewijzer' });
    expect(here.status).toBe(201);
    const theirs = await a.get('/api/schools', there);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual([]);
    expect(
      (await a.get(`/api/schools/by-token/${here.body.accessToken}`, { ...there, anonymous: true }))
        .status,
    ).toBe(404);
    expect(
      (await a.put(`/api/schools/${here.body.id}`, { name: 'Overgenomen' }, there)).status,
    ).toBe(404);
    const made = await a.post('/api/schools', { name: 'Maanzaad' }, there);
    expect(made.status).toBe(201);
    expect((await a.get('/api/schools', there)).body.map((s: { name: string }) => s.name)).toEqual([
      'Maanzaad',
    ]);
    // An activity there may not hang on this organisation's school, block and provider, which
    // the database's foreign keys alone would let it.
    const block = (await a.post('/api/blocks', { name: 'Herfst', weekStart: 40, weekEnd: 44 }))
      .body;
    const provider = (await a.post('/api/providers', { name: 'Sportclub' })).body;
    const activity = {
      title: 'Judo',
      capacity: 8,
      weekday: 2,
      startTime: '15:00',
      schoolId: here.body.id,
      blockId: block.id,
      providerId: provider.id,
    };
    const crossed = await a.post('/api/activities', activity, {
      headers: { ...there.headers, 'accept-language': 'en' },
    });
    expect(crossed.status).toBe(400);
    expect(crossed.body.message).toBe('The chosen school, block or provider does not exist.');
    const [left] = await withOrganisation(2, () =>
      svc.ctx.sequelize.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM activities WHERE title = 'Judo'",
        { type: QueryTypes.SELECT },
      ),
    );
    expect(left!.n).toBe(0);
    expect((await a.post('/api/activities', activity)).status).toBe(201);
    const ours = ((await a.get('/api/schools')).body as Array<{ name: string }>).map((s) => s.name);
    expect(ours).toContain('Zonnewijzer');
    expect(ours).not.toContain('Maanzaad');
    expect(ours).not.toContain('Overgenomen');
  });

  // R-PLATFORM-COUNTS, R-PLATFORM-DELETE: svc-identity's questions for the platform, answered
  // over NATS: one organisation's counts, and every row of it erased, no other's touched.
  it("counts an organisation's schools and activities for the platform, and erases every row of it alone", async () => {
    setTestOrganisation('derde.example', {
      id: 3,
      status: 'active',
      publicBaseUrl: 'https://derde.example',
    });
    const there = { headers: { 'X-Organisation-Host': 'derde.example' } };
    const school = (await a.post('/api/schools', { name: 'Derde school' }, there)).body;
    const block = (await a.post('/api/blocks', { name: 'Winter', weekStart: 2, weekEnd: 6 }, there))
      .body;
    const provider = (await a.post('/api/providers', { name: 'Derde club' }, there)).body;
    for (const title of ['Schaken', 'Koken']) {
      const made = await a.post(
        '/api/activities',
        {
          title,
          capacity: 5,
          weekday: 1,
          startTime: '15:00',
          schoolId: school.id,
          blockId: block.id,
          providerId: provider.id,
        },
        there,
      );
      expect(made.status).toBe(201);
    }
    const nc = await testFeed(infra.natsUrl);
    const ask = async (subject: string, id: number) =>
      (await nc.request(subject, JSON.stringify({ keys: [id] }), { timeout: 5000 })).json<{
        values: unknown[];
      }>().values[0];
    expect(await ask(PLATFORM_RPC_SUBJECTS.counts.catalog, 3)).toEqual({
      schools: 1,
      activities: 2,
    });
    const firstBefore = await ask(PLATFORM_RPC_SUBJECTS.counts.catalog, 1);
    expect(firstBefore).toMatchObject({ schools: expect.any(Number) });
    const erased = (await ask(PLATFORM_RPC_SUBJECTS.erase.catalog, 3)) as { rows: number };
    expect(erased.rows).toBeGreaterThanOrEqual(5);
    expect(await ask(PLATFORM_RPC_SUBJECTS.counts.catalog, 3)).toEqual({
      schools: 0,
      activities: 0,
    });
    const [left] = await svc.ctx.sequelize.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM schools WHERE organisation_id = 3)
            + (SELECT count(*) FROM blocks WHERE organisation_id = 3)
            + (SELECT count(*) FROM providers WHERE organisation_id = 3) AS n`,
      { type: QueryTypes.SELECT },
    );
    expect(Number(left!.n)).toBe(0);
    expect(await ask(PLATFORM_RPC_SUBJECTS.counts.catalog, 1)).toEqual(firstBefore);
    expect(await ask(PLATFORM_RPC_SUBJECTS.erase.catalog, 3)).toEqual({ rows: 0 });
  });

  // R-ORG-LINKS: links and QR codes an organisation's admin makes open on its own address.
  it("gives another organisation's school link and provider link on that organisation's own address", async () => {
    setTestOrganisation('tweede.example', {
      id: 2,
      status: 'active',
      publicBaseUrl: 'https://tweede.example',
    });
    const there = { headers: { 'X-Organisation-Host': 'tweede.example' } };
    const made = async (path: string, body: Record<string, unknown>) => {
      const res = await a.post(path, body, there);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as { id: number; accessToken: string };
    };
    const school = await made('/api/schools', { name: 'Regenboog' });
    const qr = await a.get(`/api/admin/schools/${school.id}/qrcode`, there);
    expect(qr.status).toBe(200);
    expect(qr.body.url).toBe(`https://tweede.example/schools/${school.accessToken}`);
    const activity = await made('/api/activities', {
      title: 'Tekenen',
      capacity: 8,
      weekday: 3,
      startTime: '15:00',
      schoolId: school.id,
      blockId: (await made('/api/blocks', { name: 'Winter', weekStart: 2, weekEnd: 6 })).id,
      providerId: (await made('/api/providers', { name: 'Atelier' })).id,
    });
    const link = await a.post(
      `/api/admin/activities/${activity.id}/provider-token/generate`,
      undefined,
      there,
    );
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(
      new RegExp(`^https://tweede\\.example/provider/${activity.id}\\?token=[\\w-]+$`),
    );
  });
});
