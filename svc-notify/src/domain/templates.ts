import type { TFunction } from 'i18next';
import {
  type ParentEmailKind,
  langDirection,
  rejectionReasonText,
  type EmailKind,
  type Lang,
  type RegistrationNotification,
  type StaffLang,
} from '@nsa/contracts';
import { activityCalendar, isoWeekYear } from '@nsa/calendar';
import { dateRange, escapeHtml, localMoment, weekdayName } from './format.js';
import { textsIn } from './texts/index.js';

export interface Organisation {
  name: string;
  contactEmail: string;
}
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}
export interface Attachment {
  filename: string;
  content: string;
  contentType: string;
}

/** The emails to a parent about a sign-up (R-EMAIL-KINDS, R-EMAIL-WAITLIST). */
export type { ParentEmailKind };
/** The emails that cannot go without the parent's own link (R-EMAIL-WAITLIST). */
export const LINKED_KINDS: readonly ParentEmailKind[] = [
  'signup-received',
  'waitlist-joined',
  'offer-made',
  'offer-expired',
  'signup-withdrawn',
];

interface HtmlLink {
  href: string;
  label: string;
  /** The HTML paragraph the button goes before. */
  at: number;
}

/** One line of an email, as plain text and as HTML. */
interface Line {
  text: string;
  html: string;
}

/**
 * The values people typed (names of parents, children, activities, schools, providers, blocks,
 * the organisation, a rejection reason, an address): in HTML each goes in `<bdi>`, so that a name
 * in another script keeps its own direction and moves no text around it, in an Arabic email as
 * in a Dutch one (R-LANG-PUBLIC).
 */
const TYPED = new Set([
  'name',
  'child',
  'title',
  'school',
  'provider',
  'block',
  'reason',
  'org',
  'contact',
]);
/** Marks a value's place in a text; a private-use character no text holds. */
const MARK = '\uE000';
const MARKED = new RegExp(`${MARK}(\\w+)${MARK}`, 'g');

function isolated(value: string): string {
  return `<bdi>${escapeHtml(value)}</bdi>`;
}

/** A text with its values, both forms; in HTML everything escaped and typed values isolated. */
function line(t: TFunction, key: string, values: Record<string, string | number> = {}): Line {
  const marked = Object.fromEntries(
    Object.keys(values).map((name) => [
      name,
      TYPED.has(name) ? `${MARK}${name}${MARK}` : values[name],
    ]),
  );
  const html = escapeHtml(t(key, marked)).replace(MARKED, (_, name: string) =>
    isolated(String(values[name])),
  );
  return { text: t(key, values), html };
}

/** A line that is a value of its own (a link, the organisation's name or address). */
function own(value: string): Line {
  return { text: value, html: isolated(value) };
}

/**
 * Each paragraph is a list of lines; the text and HTML versions come from the same parts. The
 * HTML names its language and direction (`<html lang="ar" dir="rtl">`, R-LANG-EMAIL).
 */
function compose(
  subject: string,
  paragraphs: Line[][],
  org: Organisation,
  lang: Lang,
  link?: HtmlLink,
): RenderedEmail {
  const closing = [line(textsIn(lang), 'closing'), own(org.name), own(org.contactEmail)];
  const all = [...paragraphs, closing];
  const text = all.map((p) => p.map((l) => l.text).join('\n')).join('\n\n') + '\n';
  const htmlParas = all.map((p) => `<p>${p.map((l) => l.html).join('<br>')}</p>`);
  if (link) {
    htmlParas.splice(
      link.at,
      0,
      `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
    );
  }
  const html = `<!doctype html><html lang="${lang}" dir="${langDirection(lang)}"><body style="font-family:sans-serif;line-height:1.5">${htmlParas.join('')}</body></html>`;
  return { subject, text, html };
}

function activityDetails(n: RegistrationNotification, lang: Lang): Line[] {
  const t = textsIn(lang);
  return [
    line(t, 'details.activity', { title: n.activityTitle }),
    line(t, 'details.school', { school: n.schoolName }),
    line(t, 'details.when', { weekday: weekdayName(n.weekday, lang), time: n.startTime }),
    line(t, 'details.period', {
      range: dateRange(n.weekStart, n.weekEnd, lang, n.year),
      block: n.blockName,
    }),
    line(t, 'details.provider', { provider: n.providerName }),
  ];
}

/**
 * A parent's email about a sign-up, in the parent's language (R-LANG-EMAIL). `link` is the
 * parent's own link (R-EMAIL-WAITLIST): required for the kinds of `LINKED_KINDS`, added to an
 * approval when there is one (with a line on the calendar file the approval carries), and never
 * in a rejection.
 */
export function registrationEmail(
  kind: ParentEmailKind,
  n: RegistrationNotification,
  lang: Lang,
  org: Organisation,
  link?: string,
): RenderedEmail {
  const t = textsIn(lang);
  const names = { title: n.activityTitle, child: n.childName };
  const subject = t(`${kind}.subject`, names);
  const say = (key: string, values?: Record<string, string | number>) => line(t, key, values);
  const greeting = [say('greeting', { name: n.parentName })];
  const details = activityDetails(n, lang);
  /** Paragraphs, then the link's own paragraph and its button after it. */
  const withLink = (paragraphs: Line[][], intro: Line[], label = t('link.label')) => {
    if (!link) throw new Error(`a ${kind} email needs the parent's link`);
    const all = [...paragraphs, [...intro, own(link), say('link.keep')]];
    return compose(subject, all, org, lang, { href: link, label, at: all.length });
  };

  switch (kind) {
    case 'registration-approved': {
      const paragraphs = [greeting, [say(`${kind}.body`, names)], details];
      if (!link) return compose(subject, paragraphs, org, lang);
      return withLink([...paragraphs, [say('calendar.attached')]], [say('link.manage')]);
    }
    case 'registration-rejected': {
      const reason = n.reason
        ? [say(`${kind}.reason`, { reason: rejectionReasonText(n.reason, lang) })]
        : [];
      return compose(
        subject,
        [
          greeting,
          [say(`${kind}.body`, names), ...reason],
          details,
          [say(`${kind}.questions`, { contact: org.contactEmail })],
        ],
        org,
        lang,
      );
    }
    case 'signup-received':
      return withLink([greeting, [say(`${kind}.body`, names)], details], [say('link.manage')]);
    case 'waitlist-joined': {
      const place = n.waitlistPosition
        ? say(`${kind}.position`, { ...names, position: n.waitlistPosition })
        : say(`${kind}.body`, names);
      return withLink(
        [greeting, [place, say(`${kind}.next`, names)], details],
        [say('link.manage')],
      );
    }
    case 'offer-made': {
      const accept = n.offerExpiresAt
        ? say(`${kind}.deadline`, { deadline: localMoment(new Date(n.offerExpiresAt), lang) })
        : say(`${kind}.soon`);
      return withLink(
        [greeting, [say(`${kind}.body`, names), accept], details],
        [],
        t('link.acceptLabel'),
      );
    }
    case 'offer-expired':
      return withLink([greeting, [say(`${kind}.body`, names)], details], [say('link.view')]);
    case 'signup-withdrawn':
      return withLink(
        [
          greeting,
          [say(`${kind}.body`, names), say(`${kind}.notYou`, { contact: org.contactEmail })],
          details,
        ],
        [say('link.view')],
      );
  }
}

export function passwordLinkEmail(
  kind: Extract<EmailKind, 'admin-welcome' | 'password-reset'>,
  to: { name: string },
  link: string,
  lang: StaffLang,
  org: Organisation,
): RenderedEmail {
  const t = textsIn(lang);
  const ignore = kind === 'password-reset' ? [[line(t, `${kind}.ignore`)]] : [];
  const paragraphs = [
    [line(t, 'greeting', { name: to.name })],
    [line(t, `${kind}.body`, { org: org.name })],
    [own(link), line(t, `${kind}.validity`)],
    ...ignore,
  ];
  return compose(t(`${kind}.subject`, { org: org.name }), paragraphs, org, lang, {
    href: link,
    label: t(`${kind}.label`),
    at: paragraphs.length - 1,
  });
}

/**
 * The approval's calendar file (R-CAL-ICS): the activity's sessions as one weekly event, in the
 * ISO week-year the notification names, or this one's. Its UID stays the same for the sign-up,
 * so a second file replaces the first in the parent's calendar. The parent's link stays out of
 * it: a calendar is often shared, and the link lets whoever holds it change the sign-up.
 */
export function approvalCalendar(
  registrationId: number,
  n: RegistrationNotification,
  lang: Lang,
  now: Date = new Date(),
): Attachment {
  return {
    filename: textsIn(lang)('calendar.filename'),
    contentType: 'text/calendar; charset=utf-8',
    content: activityCalendar({
      uid: `registration-${registrationId}@naschool`,
      title: n.activityTitle,
      schoolName: n.schoolName,
      providerName: n.providerName,
      weekday: n.weekday,
      startTime: n.startTime,
      weekStart: n.weekStart,
      weekEnd: n.weekEnd,
      year: n.year ?? isoWeekYear(now),
      language: lang,
    }),
  };
}
