// The stack's mail catcher (maildev 3) read through its REST API: every email the product
// sends lands there (R-RUN-ENV: SMTP_URL). maildev 3 serves the API under /api/ of its web
// port: GET /api/email lists the whole inbox with `to`, `subject`, `text` and `html`,
// DELETE /api/email/all empties it.
import type { StackFacts } from './settings.js';

export interface MailAddress {
  address: string;
  name?: string;
}

export interface CaughtEmail {
  id: string;
  time: string;
  subject: string;
  from: MailAddress[];
  to: MailAddress[];
  text?: string;
  html?: string;
}

export interface EmailQuery {
  /** Recipient address, compared case-insensitively. */
  to: string;
  /** A part of the subject. */
  subjectIncludes?: string;
  /** Extra condition, e.g. on the body. */
  where?: (email: CaughtEmail) => boolean;
}

const POLL_MS = 250;

function apiUrl(stack: Pick<StackFacts, 'mailWebUrl'>, path: string): string {
  if (!stack.mailWebUrl) {
    throw new Error('e2e: the stack has no mail catcher (SMTP_URL was set from outside)');
  }
  return new URL(path, stack.mailWebUrl.endsWith('/') ? stack.mailWebUrl : `${stack.mailWebUrl}/`)
    .href;
}

/** Every email in the catcher, oldest first. */
async function listEmails(stack: Pick<StackFacts, 'mailWebUrl'>): Promise<CaughtEmail[]> {
  const res = await fetch(apiUrl(stack, 'api/email'));
  if (!res.ok) throw new Error(`e2e: GET ${apiUrl(stack, 'api/email')}: ${res.status}`);
  return (await res.json()) as CaughtEmail[];
}

const matches = (email: CaughtEmail, query: EmailQuery) =>
  email.to.some((a) => a.address.toLowerCase() === query.to.toLowerCase()) &&
  (query.subjectIncludes === undefined || email.subject.includes(query.subjectIncludes)) &&
  (query.where === undefined || query.where(email));

/** Emails that match `query`, oldest first (no waiting). */
export async function findEmails(
  stack: Pick<StackFacts, 'mailWebUrl'>,
  query: EmailQuery,
): Promise<CaughtEmail[]> {
  return (await listEmails(stack)).filter((email) => matches(email, query));
}

/**
 * Waits until an email to `query.to` (and with `subjectIncludes` in its subject) is in the
 * catcher and returns the newest such email. Sending goes through NATS and svc-notify, so it
 * takes a moment after the call that caused it.
 */
export async function waitForEmail(
  stack: Pick<StackFacts, 'mailWebUrl'>,
  query: EmailQuery,
  timeoutMs = 15_000,
): Promise<CaughtEmail> {
  const deadline = Date.now() + timeoutMs;
  let seen: CaughtEmail[] = [];
  for (;;) {
    seen = await listEmails(stack);
    const found = seen.filter((email) => matches(email, query));
    if (found.length > 0) return found[found.length - 1]!;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const to = seen
    .filter((e) => e.to.some((a) => a.address.toLowerCase() === query.to.toLowerCase()))
    .map((e) => `"${e.subject}"`);
  throw new Error(
    `e2e: no email to ${query.to}` +
      (query.subjectIncludes ? ` with "${query.subjectIncludes}" in its subject` : '') +
      ` after ${timeoutMs / 1000} s; ${seen.length} emails in the catcher` +
      (to.length ? `, to that address: ${to.join(', ')}` : ', none to that address'),
  );
}

/** The password link (`…/reset-password?token=…`) of a welcome or reset email. */
export function passwordLinkFrom(email: CaughtEmail): string {
  const body = `${email.text ?? ''}\n${email.html ?? ''}`;
  const link = /https?:\/\/[^\s"'<>]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(body)?.[0];
  if (!link) throw new Error(`e2e: no /reset-password?token= link in the email "${email.subject}"`);
  return link;
}

/** The parent's own link (`…/my-signup#{token}`, R-MY-SIGNUP-LINK) of a sign-up's email. */
export function mySignupLinkFrom(email: CaughtEmail): string {
  const body = `${email.text ?? ''}\n${email.html ?? ''}`;
  const link = /https?:\/\/[^\s"'<>#]+\/my-signup#[A-Za-z0-9._~-]+/.exec(body)?.[0];
  if (!link) throw new Error(`e2e: no /my-signup# link in the email "${email.subject}"`);
  return link;
}
