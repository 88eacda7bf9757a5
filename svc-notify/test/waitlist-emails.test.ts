// R-EMAIL-WAITLIST, R-CAL-ICS, R-LANG-EMAIL, R-LANG-DATES: the waiting list's emails with the
// parent's own link, the approval's calendar file, and erasure, through real NATS, PostgreSQL and
// an SMTP server.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import ICAL from 'ical.js';
import { freePort } from '@nsa/local-infra';
import { isoWeekYear, sessionDates } from '@nsa/calendar';
import { QueryTypes, type RunningService } from '@nsa/service-kit';
import { testFeed, until } from '@nsa/service-kit/testing';
import { dateRange } from '../src/domain/format.js';
import { start } from '../src/start.js';
import { erasedEvent, notification, registrationChange, sealLink } from './events.js';
import { notifyEnv } from './service.js';
import { TestSmtp, type Received } from './smtp.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

const LINK = 'http://localhost:8080/my-signup#parent-token-abc_123';

/** The link in the text part, and as the HTML part's button. */
function expectLink(m: Received) {
  expect(m.text).toContain(LINK);
  expect(m.html).toContain(`<a href="${LINK}">`);
}

interface Case {
  kind: string;
  type: Parameters<typeof registrationChange>[1];
  status: Parameters<typeof registrationChange>[2]['status'];
  withdrawReason?: 'parent' | 'declined' | 'expired';
  subject: { nl: string; en: string };
  says: { nl: string[]; en: string[] };
}

const CASES: Case[] = [
  {
    kind: 'signup-received',
    type: 'created',
    status: 'new',
    subject: { nl: 'Aanmelding ontvangen: Schaken', en: 'Sign-up received: Schaken' },
    says: {
      nl: ['We hebben de aanmelding van Emma Jansen voor Schaken ontvangen'],
      en: ['We have received the sign-up of Emma Jansen for Schaken'],
    },
  },
  {
    kind: 'waitlist-joined',
    type: 'created',
    status: 'waitlisted',
    subject: { nl: 'Op de wachtlijst: Schaken', en: 'On the waiting list: Schaken' },
    says: {
      nl: ['Emma Jansen staat op de wachtlijst, op plaats 2.'],
      en: ['Emma Jansen is on the waiting list, in place 2.'],
    },
  },
  {
    kind: 'offer-made',
    type: 'offered',
    status: 'offered',
    subject: { nl: 'Er is een plek vrij: Schaken', en: 'A place is free: Schaken' },
    // 14:00 UTC on 4 March 2026 is 15:00 in Amsterdam (winter time).
    says: {
      nl: ['Neem de plek aan via uw eigen link vóór woensdag 4 maart 2026 om 15:00.'],
      en: ['Accept the place through your own link before 15:00 on Wednesday', '4 March 2026'],
    },
  },
  {
    kind: 'offer-expired',
    type: 'withdrawn',
    status: 'withdrawn',
    withdrawReason: 'expired',
    subject: { nl: 'Plek vervallen: Schaken', en: 'Place lapsed: Schaken' },
    says: {
      nl: ['is niet op tijd aangenomen'],
      en: ['was not accepted in time'],
    },
  },
  {
    kind: 'signup-withdrawn (parent)',
    type: 'withdrawn',
    status: 'withdrawn',
    withdrawReason: 'parent',
    subject: { nl: 'Aanmelding ingetrokken: Schaken', en: 'Sign-up withdrawn: Schaken' },
    says: {
      nl: ['De aanmelding van Emma Jansen voor Schaken is ingetrokken.'],
      en: ['The sign-up of Emma Jansen for Schaken has been withdrawn.'],
    },
  },
  {
    kind: 'signup-withdrawn (declined offer)',
    type: 'withdrawn',
    status: 'withdrawn',
    withdrawReason: 'declined',
    subject: { nl: 'Aanmelding ingetrokken: Schaken', en: 'Sign-up withdrawn: Schaken' },
    says: {
      nl: ['is ingetrokken', 'info@welzijn.test'],
      en: ['has been withdrawn', 'info@welzijn.test'],
    },
  },
];

describe('the waiting list emails (R-EMAIL-WAITLIST)', () => {
  let smtp: TestSmtp;
  let svc: RunningService;
  beforeAll(async () => {
    smtp = new TestSmtp(await freePort());
    await smtp.start();
    svc = await start({ env: await notifyEnv(infra, smtp, { MAIL_RETRY_MAX_MS: '1000' }) });
  });
  afterAll(async () => {
    await svc?.stop();
    await smtp?.stop();
  });
  afterEach(() => {
    smtp.received.length = 0;
  });

  for (const c of CASES) {
    for (const lang of ['nl', 'en'] as const) {
      it(`${c.kind} in ${lang === 'nl' ? 'Dutch' : 'English'}: the activity, what happened, and the parent's own link`, async () => {
        const to = `${c.kind.replace(/\W+/g, '-')}-${lang}@example.nl`;
        const n = notification({
          to,
          sealedLink: await sealLink(LINK),
          ...(c.status === 'waitlisted' ? { waitlistPosition: 2 } : {}),
          ...(c.status === 'offered' ? { offerExpiresAt: '2026-03-04T14:00:00.000Z' } : {}),
        });
        await registrationChange(
          await testFeed(infra.natsUrl),
          c.type,
          { status: c.status, withdrawReason: c.withdrawReason },
          n,
          lang,
        );
        await until(async () => smtp.received.length === 1);
        const m = smtp.received[0]!;
        expect(m.to).toBe(to);
        expect(m.subject).toBe(c.subject[lang]);
        for (const part of c.says[lang]) expect(m.text).toContain(part);
        for (const part of [
          lang === 'nl' ? 'Beste Petra Jansen,' : 'Dear Petra Jansen,',
          'De Regenboog',
          lang === 'nl' ? 'elke woensdag om 15:15' : 'every Wednesday at 15:15',
          'Denksport BV',
          'Welzijn Test',
        ]) {
          expect(m.text).toContain(part);
        }
        expectLink(m);
        expect(m.attachments).toEqual([]);
      });
    }
  }

  it('takes names as they are: never as a text key or a placeholder', async () => {
    const n = notification({
      parentName: '$t(closing) {{title}}',
      childName: '{{child}}',
      sealedLink: await sealLink(LINK),
    });
    await registrationChange(await testFeed(infra.natsUrl), 'created', { status: 'new' }, n, 'nl');
    await until(async () => smtp.received.length === 1);
    expect(smtp.received[0]!.text).toContain('Beste $t(closing) {{title}},');
    expect(smtp.received[0]!.text).toContain('We hebben de aanmelding van {{child}} voor Schaken');
  });

  it('writes an offer deadline in summer time as Amsterdam reads it (R-LANG-DATES)', async () => {
    // 10:00 UTC on 1 July 2026 is 12:00 in Amsterdam.
    const n = notification({
      sealedLink: await sealLink(LINK),
      offerExpiresAt: '2026-07-01T10:00:00Z',
    });
    await registrationChange(
      await testFeed(infra.natsUrl),
      'offered',
      { status: 'offered' },
      n,
      'nl',
    );
    await until(async () => smtp.received.length === 1);
    expect(smtp.received[0]!.text).toContain('vóór woensdag 1 juli 2026 om 12:00');
  });

  it('sends nothing for an erasure, for an event without sendEmail, or for a created event of another status', async () => {
    const n = notification({ to: 'niets@example.nl', sealedLink: await sealLink(LINK) });
    await registrationChange(
      await testFeed(infra.natsUrl),
      'withdrawn',
      { status: 'withdrawn', withdrawReason: 'erased', sendEmail: true },
      n,
      'nl',
    );
    await registrationChange(
      await testFeed(infra.natsUrl),
      'withdrawn',
      { status: 'withdrawn', withdrawReason: 'erased', sendEmail: false },
      undefined,
      'nl',
    );
    await registrationChange(
      await testFeed(infra.natsUrl),
      'offered',
      { status: 'offered', sendEmail: false },
      n,
      'nl',
    );
    // A marker sent after them: once it is out, the ones before were handled.
    await registrationChange(
      await testFeed(infra.natsUrl),
      'created',
      { status: 'new' },
      notification({ to: 'marker@example.nl', sealedLink: await sealLink(LINK) }),
      'nl',
    );
    await until(async () => smtp.received.some((m) => m.to === 'marker@example.nl'));
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.received.map((m) => m.to)).toEqual(['marker@example.nl']);
  });

  it('fails a delivery for good when the parent link cannot be opened, as with password links', async () => {
    const n = notification({ to: 'kapot@example.nl', sealedLink: 'Fe26.2**not-a-sealed-link' });
    const id = await registrationChange(
      await testFeed(infra.natsUrl),
      'created',
      { status: 'new' },
      n,
      'nl',
    );
    await until(async () => {
      const [row] = await svc.ctx.sequelize.query<{ status: string }>(
        'SELECT status FROM deliveries WHERE event_id = :id',
        { replacements: { id }, type: QueryTypes.SELECT },
      );
      return row?.status === 'failed';
    });
    const [row] = await svc.ctx.sequelize.query<{ attempts: number; payload: unknown }>(
      'SELECT attempts, payload FROM deliveries WHERE event_id = :id',
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    expect(row).toEqual({ attempts: 1, payload: null });
    expect(smtp.received).toHaveLength(0);
  });
});

/** ical.js reads the file back; its occurrences as Amsterdam `YYYY-MM-DD HH:MM`. */
function occurrences(ics: string): { starts: string[]; event: ICAL.Event } {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const [vevent, ...more] = calendar.getAllSubcomponents('vevent');
  expect(more).toHaveLength(0);
  const event = new ICAL.Event(vevent);
  const fmt = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const starts: string[] = [];
  const it = event.iterator();
  for (let t = it.next(); t && starts.length < 60; t = it.next()) {
    const p = Object.fromEntries(fmt.formatToParts(t.toJSDate()).map((x) => [x.type, x.value]));
    starts.push(`${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`);
  }
  return { starts, event };
}

describe('the approval email (R-EMAIL-KINDS, R-EMAIL-WAITLIST, R-CAL-ICS)', () => {
  let smtp: TestSmtp;
  let svc: RunningService;
  beforeAll(async () => {
    smtp = new TestSmtp(await freePort());
    await smtp.start();
    svc = await start({ env: await notifyEnv(infra, smtp, { MAIL_RETRY_MAX_MS: '1000' }) });
  });
  afterAll(async () => {
    await svc?.stop();
    await smtp?.stop();
  });
  afterEach(() => {
    smtp.received.length = 0;
  });

  it('carries the parent link and the activity as a calendar file ical.js reads: one weekly event on the session dates at the start time', async () => {
    const n = notification({
      to: 'agenda@example.nl',
      sealedLink: await sealLink(LINK),
      year: 2026,
      weekStart: 51,
      weekEnd: 53,
      weekday: 5,
    });
    await registrationChange(
      await testFeed(infra.natsUrl),
      'approved',
      { status: 'approved', previousStatus: 'new', registrationId: 4711 },
      n,
      'nl',
    );
    await until(async () => smtp.received.length === 1);
    const m = smtp.received[0]!;
    expect(m.subject).toBe('Aanmelding goedgekeurd: Schaken');
    expect(m.text).toContain('Goed nieuws: Emma Jansen kan meedoen aan Schaken.');
    expect(m.text).toContain('In de bijlage staat de activiteit voor uw agenda.');
    expectLink(m);
    expect(m.attachments).toHaveLength(1);
    const file = m.attachments[0]!;
    expect(file.filename).toBe('activiteit.ics');
    expect(file.contentType).toBe('text/calendar');
    const { starts, event } = occurrences(file.content);
    // Weeks 51 to 53 of 2026: the last Friday is 1 January 2027.
    expect(starts).toEqual(sessionDates(5, 51, 53, 2026).map((d) => `${d} 15:15`));
    expect(starts.at(-1)).toBe('2027-01-01 15:15');
    expect(event.uid).toBe('registration-4711@naschool');
    expect(event.summary).toBe('Schaken');
    expect(event.location).toBe('De Regenboog');
    expect(event.description).toContain('Denksport BV');
    expect(event.duration.toSeconds()).toBe(3600);
    // The link lets its holder change the sign-up: it stays out of a file calendars share.
    expect(file.content).not.toContain('parent-token');
  });

  it('without a parent link reads as before, and still carries the calendar file, in English, for this ISO week-year', async () => {
    const n = notification({ to: 'parent@example.com' });
    await registrationChange(
      await testFeed(infra.natsUrl),
      'approved',
      { status: 'approved', previousStatus: 'new', registrationId: 4712 },
      n,
      'en',
    );
    await until(async () => smtp.received.length === 1);
    const m = smtp.received[0]!;
    expect(m.subject).toBe('Sign-up approved: Schaken');
    expect(m.text).toBe(
      [
        'Dear Petra Jansen,',
        '',
        'Good news: Emma Jansen can take part in Schaken.',
        '',
        'Activity: Schaken',
        'School: De Regenboog',
        'When: every Wednesday at 15:15',
        `Period: ${dateRange(10, 12, 'en')} (Blok 2)`,
        'Provider: Denksport BV',
        '',
        'Kind regards,',
        'Welzijn Test',
        'info@welzijn.test',
        '',
      ].join('\n'),
    );
    expect(m.text).not.toContain('http');
    expect(m.text).not.toContain('calendar');
    expect(m.attachments.map((a) => a.filename)).toEqual(['activity.ics']);
    const { starts } = occurrences(m.attachments[0]!.content);
    expect(starts).toEqual(
      sessionDates(3, 10, 12, isoWeekYear(new Date())).map((d) => `${d} 15:15`),
    );
  });
});

describe('erasure (R-EMAIL-WAITLIST)', () => {
  it("removes a sign-up's personal data from its deliveries, and an unsent email of it is never sent", async () => {
    const smtp = new TestSmtp(await freePort());
    // The SMTP server is down at first: the sign-up's email waits, pending.
    const svc = await start({ env: await notifyEnv(infra, smtp, { MAIL_RETRY_MAX_MS: '1000' }) });
    const deliveries = (registrationId: number) =>
      svc.ctx.sequelize.query<{
        status: string;
        payload: unknown;
        last_error: string | null;
      }>(
        'SELECT status, payload, last_error FROM deliveries WHERE registration_id = :registrationId',
        { replacements: { registrationId }, type: QueryTypes.SELECT },
      );
    try {
      const n = notification({ to: 'gewist@example.nl', sealedLink: await sealLink(LINK) });
      await registrationChange(
        await testFeed(infra.natsUrl),
        'created',
        { status: 'new', registrationId: 9001 },
        n,
        'nl',
      );
      await until(async () => (await deliveries(9001)).some((d) => d.last_error !== null));
      expect((await deliveries(9001))[0]).toMatchObject({ status: 'pending' });

      await erasedEvent(await testFeed(infra.natsUrl), 9001);
      await until(async () => (await deliveries(9001))[0]?.status === 'erased');
      expect(await deliveries(9001)).toEqual([
        { status: 'erased', payload: null, last_error: null },
      ]);
      // An event of the erased sign-up that comes late records nothing.
      await registrationChange(
        await testFeed(infra.natsUrl),
        'withdrawn',
        { status: 'withdrawn', withdrawReason: 'parent', registrationId: 9001 },
        n,
        'nl',
      );

      // The SMTP server is back: another sign-up's email goes out, the erased one's does not.
      await smtp.start();
      await registrationChange(
        await testFeed(infra.natsUrl),
        'created',
        { status: 'new', registrationId: 9002 },
        notification({ to: 'blijft@example.nl', sealedLink: await sealLink(LINK) }),
        'nl',
      );
      await until(async () => smtp.received.some((m) => m.to === 'blijft@example.nl'), 15_000);
      await new Promise((r) => setTimeout(r, 2000));
      expect(smtp.received.map((m) => m.to)).toEqual(['blijft@example.nl']);
      expect(await deliveries(9001)).toEqual([
        { status: 'erased', payload: null, last_error: null },
      ]);

      // A sent one keeps nothing either, and stays sent.
      await erasedEvent(await testFeed(infra.natsUrl), 9002);
      await until(async () => {
        const [row] = await svc.ctx.sequelize.query<{ n: string }>(
          'SELECT count(*) AS n FROM erased_registrations WHERE registration_id = 9002',
          { type: QueryTypes.SELECT },
        );
        return Number(row!.n) === 1;
      });
      expect(await deliveries(9002)).toEqual([{ status: 'sent', payload: null, last_error: null }]);
    } finally {
      await svc.stop();
      await smtp.stop();
    }
  });
});
