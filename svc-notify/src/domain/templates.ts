import {
  rejectionReasonText,
  type EmailKind,
  type Lang,
  type RegistrationNotification,
} from '@nsa/contracts';
import { dateRange, escapeHtml, weekdayName } from './format.js';

export interface Organisation {
  name: string;
  contactEmail: string;
}
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** Each paragraph is a list of lines; the text and HTML versions come from the same parts. */
function compose(
  subject: string,
  paragraphs: string[][],
  org: Organisation,
  lang: Lang,
  link?: { href: string; label: string },
): RenderedEmail {
  const closing = [
    lang === 'nl' ? 'Met vriendelijke groet,' : 'Kind regards,',
    org.name,
    org.contactEmail,
  ];
  const all = [...paragraphs, closing];
  const text = all.map((p) => p.join('\n')).join('\n\n') + '\n';
  const htmlParas = all.map((p) => `<p>${p.map(escapeHtml).join('<br>')}</p>`);
  if (link) {
    htmlParas.splice(
      paragraphs.length - 1,
      0,
      `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
    );
  }
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">${htmlParas.join('')}</body></html>`;
  return { subject, text, html };
}

export function registrationEmail(
  kind: Extract<EmailKind, 'registration-approved' | 'registration-rejected'>,
  n: RegistrationNotification,
  lang: Lang,
  org: Organisation,
): RenderedEmail {
  const when =
    lang === 'nl'
      ? `Wanneer: elke ${weekdayName(n.weekday, lang)} om ${n.startTime}`
      : `When: every ${weekdayName(n.weekday, lang)} at ${n.startTime}`;
  const details = [
    `${lang === 'nl' ? 'Activiteit' : 'Activity'}: ${n.activityTitle}`,
    `${lang === 'nl' ? 'School' : 'School'}: ${n.schoolName}`,
    when,
    `${lang === 'nl' ? 'Periode' : 'Period'}: ${dateRange(n.weekStart, n.weekEnd, lang)} (${n.blockName})`,
    `${lang === 'nl' ? 'Aanbieder' : 'Provider'}: ${n.providerName}`,
  ];
  const greeting = [lang === 'nl' ? `Beste ${n.parentName},` : `Dear ${n.parentName},`];
  if (kind === 'registration-approved') {
    return compose(
      lang === 'nl'
        ? `Aanmelding goedgekeurd: ${n.activityTitle}`
        : `Sign-up approved: ${n.activityTitle}`,
      [
        greeting,
        [
          lang === 'nl'
            ? `Goed nieuws: ${n.childName} kan meedoen aan ${n.activityTitle}.`
            : `Good news: ${n.childName} can take part in ${n.activityTitle}.`,
        ],
        details,
      ],
      org,
      lang,
    );
  }
  const reason = n.reason
    ? [`${lang === 'nl' ? 'Reden' : 'Reason'}: ${rejectionReasonText(n.reason, lang)}`]
    : [];
  return compose(
    lang === 'nl'
      ? `Aanmelding niet gelukt: ${n.activityTitle}`
      : `Sign-up not accepted: ${n.activityTitle}`,
    [
      greeting,
      [
        lang === 'nl'
          ? `Helaas kan ${n.childName} niet meedoen aan ${n.activityTitle}.`
          : `Unfortunately ${n.childName} cannot take part in ${n.activityTitle}.`,
        ...reason,
      ],
      details,
      [
        lang === 'nl'
          ? `Vragen? Neem contact op via ${org.contactEmail}.`
          : `Questions? Contact us at ${org.contactEmail}.`,
      ],
    ],
    org,
    lang,
  );
}

export function passwordLinkEmail(
  kind: Extract<EmailKind, 'admin-welcome' | 'password-reset'>,
  to: { name: string },
  link: string,
  lang: Lang,
  org: Organisation,
): RenderedEmail {
  const welcome = kind === 'admin-welcome';
  const validity = welcome
    ? lang === 'nl'
      ? 'Deze link is 7 dagen geldig en werkt één keer.'
      : 'This link is valid for 7 days and works once.'
    : lang === 'nl'
      ? 'Deze link is 1 uur geldig en werkt één keer.'
      : 'This link is valid for 1 hour and works once.';
  const intro = welcome
    ? lang === 'nl'
      ? `Er is een beheerdersaccount voor u aangemaakt bij ${org.name}. Stel via de link hieronder uw wachtwoord in.`
      : `An administrator account has been created for you at ${org.name}. Set your password with the link below.`
    : lang === 'nl'
      ? 'Er is gevraagd om uw wachtwoord opnieuw in te stellen. Dat kan via de link hieronder.'
      : 'A password reset was requested for your account. Use the link below to set a new password.';
  const ignore = welcome
    ? []
    : [
        [
          lang === 'nl'
            ? 'Heeft u dit niet gevraagd? Dan kunt u deze e-mail negeren.'
            : 'Did not ask for this? Then you can ignore this email.',
        ],
      ];
  return compose(
    welcome
      ? lang === 'nl'
        ? `Welkom bij ${org.name}: stel uw wachtwoord in`
        : `Welcome to ${org.name}: set your password`
      : lang === 'nl'
        ? 'Wachtwoord opnieuw instellen'
        : 'Reset your password',
    [
      [lang === 'nl' ? `Beste ${to.name},` : `Dear ${to.name},`],
      [intro],
      [link, validity],
      ...ignore,
    ],
    org,
    lang,
    { href: link, label: lang === 'nl' ? 'Wachtwoord instellen' : 'Set password' },
  );
}
