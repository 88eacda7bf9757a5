// R-LANG-EMAIL, R-LANG-DATES, R-LANG-PUBLIC: the emails to a parent who signed up in Turkish,
// Arabic, Polish or Ukrainian, through real NATS, PostgreSQL and an SMTP server.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import ICAL from 'ical.js';
import { freePort } from '@nsa/local-infra';
import type { Lang } from '@nsa/contracts';
import type { RunningService } from '@nsa/service-kit';
import { testFeed, until } from '@nsa/service-kit/testing';
import { dateRange } from '../src/domain/format.js';
import { start } from '../src/start.js';
import { notification, registrationChange, sealLink } from './events.js';
import { notifyEnv } from './service.js';
import { TestSmtp, type Received } from './smtp.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

interface Expected {
  greeting: string;
  received: { subject: string; body: string };
  when: string;
  period: string;
  approved: { subject: string; body: string; calendar: string };
  rejected: string;
  offer: string;
}

const EXPECTED: Record<Exclude<Lang, 'nl' | 'en'>, Expected> = {
  tr: {
    greeting: 'Sayın Petra Jansen,',
    received: {
      subject: 'Kayıt alındı: Schaken',
      body: 'Emma Jansen için Schaken etkinliğine yapılan kaydı aldık.',
    },
    when: 'Ne zaman: her çarşamba, saat 15:15',
    period: 'Dönem: ',
    approved: {
      subject: 'Kayıt onaylandı: Schaken',
      body: 'Güzel haber: Emma Jansen, Schaken etkinliğine katılabilir.',
      calendar: 'Sağlayıcı: Denksport BV.',
    },
    rejected: 'Neden: Etkinlik dolu',
    offer: 'Son tarih: 4 Mart 2026 Çarşamba, saat 15:00.',
  },
  ar: {
    greeting: 'مرحبًا Petra Jansen،',
    received: {
      subject: 'تم استلام التسجيل: Schaken',
      body: 'استلمنا تسجيل Emma Jansen في Schaken.',
    },
    when: 'الموعد: أيام الأربعاء، الساعة 15:15',
    period: 'المدة: ',
    approved: {
      subject: 'تم قبول التسجيل: Schaken',
      body: 'خبر سار: تم قبول Emma Jansen في Schaken.',
      calendar: 'مقدّم النشاط: Denksport BV.',
    },
    rejected: 'السبب: النشاط مكتمل',
    offer: 'قبل الأربعاء، 4 مارس 2026، الساعة 15:00.',
  },
  pl: {
    greeting: 'Dzień dobry, Petra Jansen!',
    received: {
      subject: 'Zgłoszenie otrzymane: Schaken',
      body: 'Otrzymaliśmy zgłoszenie na zajęcia Schaken (Emma Jansen).',
    },
    when: 'Kiedy: w każdą środę o godz. 15:15',
    period: 'Okres: ',
    approved: {
      subject: 'Zgłoszenie zatwierdzone: Schaken',
      body: 'Dobra wiadomość: Emma Jansen może wziąć udział w zajęciach Schaken.',
      calendar: 'Organizator: Denksport BV.',
    },
    rejected: 'Powód: Brak wolnych miejsc',
    offer: 'Termin: środa, 4 marca 2026, godz. 15:00.',
  },
  uk: {
    greeting: 'Доброго дня, Petra Jansen!',
    received: {
      subject: 'Заявку отримано: Schaken',
      body: 'Ми отримали заявку (Emma Jansen) на заняття «Schaken».',
    },
    when: 'Коли: щосереди о 15:15',
    period: 'Період: ',
    approved: {
      subject: 'Заявку схвалено: Schaken',
      body: 'Гарна новина: Emma Jansen може відвідувати заняття «Schaken».',
      calendar: 'Організатор: Denksport BV.',
    },
    rejected: 'Причина: Немає вільних місць',
    offer: 'Кінцевий термін: середа, 4 березня 2026 р. о 15:00.',
  },
};

describe('the emails to a parent in Turkish, Arabic, Polish and Ukrainian (R-LANG-EMAIL)', () => {
  let smtp: TestSmtp;
  let svc: RunningService;
  beforeAll(async () => {
    smtp = new TestSmtp(await freePort());
    await smtp.start();
    svc = await start({
      env: await notifyEnv(infra, smtp, { MAIL_RETRY_MAX_MS: '1000' }),
    });
  });
  afterAll(async () => {
    await svc?.stop();
    await smtp?.stop();
  });
  afterEach(() => {
    smtp.received.length = 0;
  });

  const mailTo = async (to: string): Promise<Received> => {
    await until(async () => smtp.received.some((m) => m.to === to));
    return smtp.received.find((m) => m.to === to)!;
  };

  for (const [lang, e] of Object.entries(EXPECTED) as [keyof typeof EXPECTED, Expected][]) {
    it(`${lang}: the confirmation, approval with its calendar file, rejection and offer in ${lang}`, async () => {
      const feed = await testFeed(infra.natsUrl);
      const link = `http://localhost:8080/my-signup?lng=${lang}#token-${lang}`;
      const to = (kind: string) => `${kind}-${lang}@example.nl`;
      const n = async (kind: string, extra: Parameters<typeof notification>[0] = {}) =>
        notification({ to: to(kind), sealedLink: await sealLink(link), ...extra });
      await registrationChange(feed, 'created', { status: 'new' }, await n('received'), lang);
      await registrationChange(
        feed,
        'approved',
        { status: 'approved', previousStatus: 'new', registrationId: 8 },
        await n('approved'),
        lang,
      );
      await registrationChange(
        feed,
        'rejected',
        { status: 'rejected', previousStatus: 'new' },
        await n('rejected', { reason: 'activity full' }),
        lang,
      );
      await registrationChange(
        feed,
        'offered',
        { status: 'offered', previousStatus: 'waitlisted' },
        await n('offered', { offerExpiresAt: '2026-03-04T14:00:00.000Z' }),
        lang,
      );

      // The confirmation: subject and body in the language, the HTML naming it and its direction.
      const received = await mailTo(to('received'));
      expect(received.subject).toBe(e.received.subject);
      for (const part of [
        e.greeting,
        e.received.body,
        e.when,
        `${e.period}${dateRange(10, 12, lang)}`,
        'De Regenboog',
        'Denksport BV',
        link,
        'Welzijn Test',
      ]) {
        expect(received.text).toContain(part);
      }
      expect(received.html).toContain(
        `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`,
      );
      expect(received.html).toContain('<bdi>Emma Jansen</bdi>');
      expect(received.html).toContain(`<a href="${link}">`);
      // Western digits in every language (Arabic too: LANG_LOCALES).
      expect(received.text).not.toMatch(/[\u0660-\u0669]/);

      const approved = await mailTo(to('approved'));
      expect(approved.subject).toBe(e.approved.subject);
      expect(approved.text).toContain(e.approved.body);
      expect(approved.attachments).toHaveLength(1);
      const vevent = new ICAL.Component(
        ICAL.parse(approved.attachments[0]!.content),
      ).getFirstSubcomponent('vevent')!;
      expect(String(vevent.getFirstPropertyValue('description'))).toContain(e.approved.calendar);

      expect((await mailTo(to('rejected'))).text).toContain(e.rejected);
      expect((await mailTo(to('offered'))).text).toContain(e.offer);
    });
  }
});
