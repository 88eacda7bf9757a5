import {
  type ParentEmailKind,
  rejectionReasonText,
  type EmailKind,
  type Lang,
  type RegistrationNotification,
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

/** Each paragraph is a list of lines; the text and HTML versions come from the same parts. */
function compose(
  subject: string,
  paragraphs: string[][],
  org: Organisation,
  lang: Lang,
  link?: HtmlLink,
): RenderedEmail {
  const closing = [textsIn(lang)('closing'), org.name, org.contactEmail];
  const all = [...paragraphs, closing];
  const text = all.map((p) => p.join('\n')).join('\n\n') + '\n';
  const htmlParas = all.map((p) => `<p>${p.map(escapeHtml).join('<br>')}</p>`);
  if (link) {
    htmlParas.splice(
      link.at,
      0,
      `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
    );
  }
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">${htmlParas.join('')}</body></html>`;
  return { subject, text, html };
}

function activityDetails(n: RegistrationNotification, lang: Lang): string[] {
  const t = textsIn(lang);
  return [
    t('details.activity', { title: n.activityTitle }),
    t('details.school', { school: n.schoolName }),
    t('details.when', { weekday: weekdayName(n.weekday, lang), time: n.startTime }),
    t('details.period', {
      range: dateRange(n.weekStart, n.weekEnd, lang, n.year),
      block: n.blockName,
    }),
    t('details.provider', { provider: n.providerName }),
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
  const greeting = [t('greeting', { name: n.parentName })];
  const details = activityDetails(n, lang);
  /** Paragraphs, then the link's own paragraph and its button after it. */
  const withLink = (paragraphs: string[][], intro: string[], label = t('link.label')) => {
    if (!link) throw new Error(`a ${kind} email needs the parent's link`);
    const all = [...paragraphs, [...intro, link, t('link.keep')]];
    return compose(subject, all, org, lang, { href: link, label, at: all.length });
  };

  switch (kind) {
    case 'registration-approved': {
      const paragraphs = [greeting, [t(`${kind}.body`, names)], details];
      if (!link) return compose(subject, paragraphs, org, lang);
      return withLink([...paragraphs, [t('calendar.attached')]], [t('link.manage')]);
    }
    case 'registration-rejected': {
      const reason = n.reason
        ? [t(`${kind}.reason`, { reason: rejectionReasonText(n.reason, lang) })]
        : [];
      return compose(
        subject,
        [
          greeting,
          [t(`${kind}.body`, names), ...reason],
          details,
          [t(`${kind}.questions`, { contact: org.contactEmail })],
        ],
        org,
        lang,
      );
    }
    case 'signup-received':
      return withLink([greeting, [t(`${kind}.body`, names)], details], [t('link.manage')]);
    case 'waitlist-joined': {
      const place = n.waitlistPosition
        ? t(`${kind}.position`, { ...names, position: n.waitlistPosition })
        : t(`${kind}.body`, names);
      return withLink([greeting, [place, t(`${kind}.next`, names)], details], [t('link.manage')]);
    }
    case 'offer-made': {
      const accept = n.offerExpiresAt
        ? t(`${kind}.deadline`, { deadline: localMoment(new Date(n.offerExpiresAt), lang) })
        : t(`${kind}.soon`);
      return withLink(
        [greeting, [t(`${kind}.body`, names), accept], details],
        [],
        t('link.acceptLabel'),
      );
    }
    case 'offer-expired':
      return withLink([greeting, [t(`${kind}.body`, names)], details], [t('link.view')]);
    case 'signup-withdrawn':
      return withLink(
        [
          greeting,
          [t(`${kind}.body`, names), t(`${kind}.notYou`, { contact: org.contactEmail })],
          details,
        ],
        [t('link.view')],
      );
  }
}

export function passwordLinkEmail(
  kind: Extract<EmailKind, 'admin-welcome' | 'password-reset'>,
  to: { name: string },
  link: string,
  lang: Lang,
  org: Organisation,
): RenderedEmail {
  const t = textsIn(lang);
  const ignore = kind === 'password-reset' ? [[t(`${kind}.ignore`)]] : [];
  const paragraphs = [
    [t('greeting', { name: to.name })],
    [t(`${kind}.body`, { org: org.name })],
    [link, t(`${kind}.validity`)],
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
