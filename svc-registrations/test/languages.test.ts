// R-LANG-API, R-LANG-EMAIL, R-LANG-PUBLIC: a sign-up in Turkish, Arabic, Polish or Ukrainian is
// answered in that language, records it, and every later event for the parent's email carries it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { QueryTypes, openLink } from '@nsa/service-kit';
import { LINK_SEAL_SECRET, post, signup, startWorld, type World } from './world.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const RUN = randomUUID().slice(0, 8);

const CASES = [
  {
    lang: 'tr',
    header: 'tr-TR,tr;q=0.9,nl;q=0.5',
    invalid: 'Girilen bilgiler geçersiz.',
    email: 'Geçerli bir e-posta adresi zorunludur',
    duplicate: 'Bu çocuk bu etkinliğe zaten kayıtlı.',
  },
  {
    lang: 'ar',
    header: 'ar-MA',
    invalid: 'البيانات المُدخلة غير صالحة.',
    email: 'عنوان بريد إلكتروني صالح مطلوب',
    duplicate: 'هذا الطفل مسجَّل بالفعل في هذا النشاط.',
  },
  {
    lang: 'pl',
    header: 'pl-PL',
    invalid: 'Wprowadzone dane są nieprawidłowe.',
    email: 'Wymagany jest poprawny adres e-mail',
    duplicate: 'To dziecko jest już zapisane na te zajęcia.',
  },
  {
    lang: 'uk',
    header: 'uk-UA,uk;q=0.9,en;q=0.8',
    invalid: 'Введені дані недійсні.',
    email: "Дійсна адреса електронної пошти обов'язкова",
    duplicate: 'Цю дитину вже записано на це заняття.',
  },
] as const;

describe('a sign-up in each of the public side’s languages', () => {
  let w: World;
  let school: { id: number; accessToken: string };
  let activityId: number;
  beforeAll(async () => {
    w = await startWorld(infra);
    school = await w.school('Talen');
    const block = await w.block(20, 25);
    const provider = await w.provider();
    activityId = (
      await w.activity({
        title: 'Talen',
        schoolId: school.id,
        blockId: block.id,
        providerId: provider.id,
      })
    ).id;
  });
  afterAll(() => w?.stop());

  const sql = <T extends object>(query: string, replacements: Record<string, unknown>) =>
    w.registrations.ctx.sequelize.query<T>(query, { replacements, type: QueryTypes.SELECT });
  const events = (id: number) =>
    sql<{ type: string; language: string; sealedLink: string | null }>(
      `SELECT type, data->>'language' AS language, data->'notification'->>'sealedLink' AS "sealedLink"
         FROM outbox WHERE (data->>'registrationId')::int = :id ORDER BY seq`,
      { id },
    );

  for (const c of CASES) {
    it(`${c.lang}: answers a 400 and a 409 in ${c.lang}, records ${c.lang}, and every later event carries it`, async () => {
      const invalid = await post(
        w.reg,
        school.accessToken,
        { ...signup(activityId), email: 'geen-adres' },
        { 'accept-language': c.header },
      );
      expect(invalid.status).toBe(400);
      expect(invalid.body).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        message: c.invalid,
        error: c.invalid,
        fields: { email: c.email },
      });

      // A child of its own: the package's tests share the database.
      const body = signup(activityId, { childFirstName: `Taal ${c.lang} ${RUN}` });
      const created = await post(w.reg, school.accessToken, body, {
        'accept-language': c.header,
      });
      expect(created.status).toBe(201);
      const id = created.body.registration.id as number;
      const [row] = await sql<{ language: string }>(
        'SELECT language FROM registrations WHERE id = :id',
        { id },
      );
      expect(row!.language).toBe(c.lang);

      const twice = await post(w.reg, school.accessToken, body, { 'accept-language': c.header });
      expect(twice.status).toBe(409);
      expect(twice.body).toMatchObject({ code: 'CONFLICT', message: c.duplicate });

      // The parent's own link opens the page in the sign-up's language.
      const [received] = await events(id);
      const link = openLink(received!.sealedLink!, LINK_SEAL_SECRET)!;
      expect(link).toMatch(new RegExp(`/my-signup\\?lng=${c.lang}#[A-Za-z0-9_-]{43}$`));
      const mine = await w.reg.get('/api/my-signup', {
        anonymous: true,
        headers: { 'x-manage-token': link.split('#')[1]! },
      });
      expect(mine.status).toBe(200);
      expect(mine.body.registration.language).toBe(c.lang);

      // An administrator's approval, in Dutch, emails the parent in the sign-up's language.
      const approved = await w.reg.post(`/api/admin/registrations/${id}/approve`, {
        sendEmail: true,
      });
      expect(approved.status).toBe(200);
      expect(approved.body.language).toBe(c.lang);
      const all = await events(id);
      expect(all.map((e) => e.type)).toEqual([
        'registrations.registration.created',
        'registrations.registration.approved',
      ]);
      expect(all.map((e) => e.language)).toEqual([c.lang, c.lang]);
    });
  }

  it('records Dutch for a language the product does not speak', async () => {
    const res = await post(
      w.reg,
      school.accessToken,
      signup(activityId, { childFirstName: `Taal fr ${RUN}` }),
      {
        'accept-language': 'fr-FR,de;q=0.8',
      },
    );
    expect(res.status).toBe(201);
    const [row] = await sql<{ language: string }>(
      'SELECT language FROM registrations WHERE id = :id',
      { id: res.body.registration.id },
    );
    expect(row!.language).toBe('nl');
  });
});
