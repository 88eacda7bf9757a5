import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { QueryTypes, type RunningService } from '@nsa/service-kit';
import { identityModels } from '../src/data-access/models.js';
import { UserRepository } from '../src/data-access/users.js';
import { start } from '../src/start.js';
import { ADMIN, Client, identityEnv } from './helpers.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('the identity models', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await start({ env: await identityEnv(infra) });
  });
  afterAll(() => svc?.stop());

  it("reach the service's own schema through the connection's search_path, on the migrations' tables", async () => {
    const db = svc.ctx.sequelize;
    const models = Object.values(identityModels(db));
    for (const model of models) expect(typeof model.getTableName()).toBe('string');
    const [row] = await db.query<{ name: string }>(
      'SELECT name FROM "identity".users WHERE lower(email) = lower(:email)',
      { replacements: { email: ADMIN.email }, type: QueryTypes.SELECT },
    );
    expect(row?.name).toBe(ADMIN.name);
    for (const model of models) {
      const table = await db
        .getQueryInterface()
        .describeTable(model.getTableName(), { schema: svc.ctx.config.DB_SCHEMA });
      const attributes = model.getAttributes() as Record<string, { field?: string }>;
      const fields = Object.values(attributes).map((attr) => attr.field);
      expect(Object.keys(table)).toEqual(expect.arrayContaining(fields));
    }
  });

  // R-API-NAMES: camelCase fields, ISO 8601 times.
  it('keep the fields, their order and the ISO dates of the API; a login is no change of the user', async () => {
    const admin = new Client(svc.url);
    const first = await admin.login(ADMIN.email.toUpperCase());
    expect(first.status).toBe(200);
    const user = first.body.user;
    expect(Object.keys(user)).toEqual([
      'id',
      'email',
      'name',
      'role',
      'createdAt',
      'updatedAt',
      'lastLoginAt',
      'totpEnabled',
    ]);
    for (const at of [user.createdAt, user.updatedAt, user.lastLoginAt]) expect(at).toMatch(ISO);
    const again = (await new Client(svc.url).login()).body.user;
    expect(again.updatedAt).toBe(user.updatedAt);
    expect(new Date(again.lastLoginAt).getTime()).toBeGreaterThanOrEqual(
      new Date(user.lastLoginAt).getTime(),
    );
    const listed = (await admin.call('GET', '/api/admin/users')).body.find(
      (u: { id: number }) => u.id === user.id,
    );
    expect(listed).toEqual(again);
  });

  it('refuse what zod refuses, as a second line behind the API (R-ACCOUNT-USERS)', async () => {
    const db = svc.ctx.sequelize;
    const users = new UserRepository(db);
    const valid = { email: 'tweede@lijn.nl', name: 'Tweede Lijn', role: 'admin' as const };
    for (const wrong of [
      { name: 'A' },
      { name: 'x'.repeat(101) },
      { email: 'geen-adres' },
      { email: `${'a'.repeat(250)}@x.nl` },
      { role: 'baas' },
      { language: 'de' },
    ]) {
      await expect(
        db.transaction((tx) =>
          users.insert(tx, { ...valid, passwordHash: null, ...wrong } as Parameters<
            UserRepository['insert']
          >[1]),
        ),
      ).rejects.toMatchObject({ name: 'SequelizeValidationError' });
    }
    expect(await users.byEmail(valid.email)).toBeUndefined();
  });
});
