// Which emails a chaos run must have caused, and which arrived. Every registration event the
// product committed is a row of registrations' outbox; the rule of R-EMAIL-KINDS, R-EMAIL-CHOICE
// and R-EMAIL-WAITLIST says which of them email the parent, and svc-notify's Message-ID is
// `<eventId.kind@naschool.local>`, so each expected email is one Message-ID, to arrive exactly
// once (R-EMAIL-ONCE).
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { EMAIL_KINDS, EVENT_TYPES, parentEmailKind, type EmailKind } from '@nsa/contracts';
import type { Received } from '../lib/smtp.js';
import { repoRoot } from '../lib/stack.js';

/** One registration event as registrations' outbox holds it. */
export interface OutboxEvent {
  id: string;
  seq: number;
  type: string;
  /** occurred_at, ms since the epoch. */
  at: number;
  registrationId: number;
  activityId: number;
  status: string | null;
  previousStatus: string | null;
  sendEmail: boolean;
  hasNotification: boolean;
  withdrawReason: string | null;
  /** notification.offerExpiresAt of an offer, ms since the epoch. */
  offerExpiresAt: number | null;
}

/** Every registration event in registrations' outbox, in commit order. */
export async function loadEvents(db: pg.Pool): Promise<OutboxEvent[]> {
  const { rows } = await db.query<{
    id: string;
    seq: string;
    type: string;
    at: Date;
    registration_id: number;
    activity_id: number;
    status: string | null;
    previous_status: string | null;
    send_email: boolean | null;
    has_notification: boolean;
    withdraw_reason: string | null;
    offer_expires_at: string | null;
  }>(
    `SELECT id, seq, type, occurred_at AS at,
       (data->>'registrationId')::int AS registration_id,
       (data->>'activityId')::int AS activity_id,
       data->>'status' AS status, data->>'previousStatus' AS previous_status,
       (data->>'sendEmail')::boolean AS send_email, data ? 'notification' AS has_notification,
       data->>'withdrawReason' AS withdraw_reason,
       data->'notification'->>'offerExpiresAt' AS offer_expires_at
     FROM registrations.outbox WHERE type LIKE 'registrations.registration.%' ORDER BY seq`,
  );
  return rows.map((r) => ({
    id: r.id,
    seq: Number(r.seq),
    type: r.type,
    at: r.at.getTime(),
    registrationId: r.registration_id,
    activityId: r.activity_id,
    status: r.status,
    previousStatus: r.previous_status,
    sendEmail: r.send_email === true,
    hasNotification: r.has_notification,
    withdrawReason: r.withdraw_reason,
    offerExpiresAt: r.offer_expires_at ? Date.parse(r.offer_expires_at) : null,
  }));
}

/** The email an event sends the parent, if any: the product's own rule (contracts). */
export const parentEmailKindOf = (e: OutboxEvent): EmailKind | undefined =>
  parentEmailKind(e.type, e);

export const messageId = (eventId: string, kind: EmailKind) =>
  `<${eventId}.${kind}@naschool.local>`;

/**
 * The email kinds the built svc-notify (what the stack runs) knows: those named in its dist/.
 * A kind it does not know yet is reported as not checked rather than as missing.
 */
export function kindsNotifyKnows(): Set<EmailKind> {
  const dist = path.join(repoRoot, 'svc-notify', 'dist', 'src');
  const known = new Set<EmailKind>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.js')) {
        const text = fs.readFileSync(full, 'utf8');
        for (const kind of EMAIL_KINDS) {
          if (text.includes(`'${kind}'`) || text.includes(`"${kind}"`)) known.add(kind);
        }
      }
    }
  };
  if (fs.existsSync(dist)) walk(dist);
  return known;
}

export interface ExpectedEmail {
  messageId: string;
  eventId: string;
  kind: EmailKind;
  registrationId: number;
  /** Whether svc-notify knows the kind (otherwise not checked). */
  checked: boolean;
}

/** Every email the events call for, by Message-ID. */
export function expectedEmails(
  events: OutboxEvent[],
  known: Set<EmailKind>,
): Map<string, ExpectedEmail> {
  const out = new Map<string, ExpectedEmail>();
  for (const e of events) {
    const kind = parentEmailKindOf(e);
    if (!kind) continue;
    const id = messageId(e.id, kind);
    out.set(id, {
      messageId: id,
      eventId: e.id,
      kind,
      registrationId: e.registrationId,
      checked: known.has(kind),
    });
  }
  return out;
}

export interface EmailJudgement {
  /** Expected emails of the kinds svc-notify knows. */
  expected: number;
  /** Of those, never received. */
  missing: number;
  /** Message-IDs received that no event calls for (any kind). */
  unexpected: number;
  /** Expected emails of kinds svc-notify does not know yet, by kind (not checked). */
  notChecked: Record<string, number>;
  /** Expected (checked) emails by kind: expected / received. */
  byKind: Record<string, { expected: number; received: number }>;
}

export function judgeEmails(
  expected: Map<string, ExpectedEmail>,
  received: readonly Received[],
): EmailJudgement {
  const got = new Set(received.map((m) => m.messageId));
  const notChecked: Record<string, number> = {};
  const byKind: Record<string, { expected: number; received: number }> = {};
  let checked = 0;
  let missing = 0;
  for (const e of expected.values()) {
    if (!e.checked) {
      notChecked[e.kind] = (notChecked[e.kind] ?? 0) + 1;
      continue;
    }
    checked += 1;
    const k = (byKind[e.kind] ??= { expected: 0, received: 0 });
    k.expected += 1;
    if (got.has(e.messageId)) k.received += 1;
    else missing += 1;
  }
  return {
    expected: checked,
    missing,
    unexpected: [...got].filter((id) => !expected.has(id)).length,
    notChecked,
    byKind,
  };
}

/**
 * Sign-ups whose latest event asked for an approval or rejection email that are not marked
 * emailSent (R-EMAIL-SENT: the mark follows the decision email only; any status change clears
 * it).
 */
export async function notMarkedSent(
  db: pg.Pool,
  events: OutboxEvent[],
  known: Set<EmailKind>,
): Promise<number> {
  const last = new Map<number, OutboxEvent>();
  for (const e of events) last.set(e.registrationId, e);
  const owed = [...last.values()]
    .filter((e) => {
      const kind = parentEmailKindOf(e);
      return (
        (kind === 'registration-approved' || kind === 'registration-rejected') && known.has(kind)
      );
    })
    .map((e) => e.registrationId);
  if (owed.length === 0) return 0;
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM registrations.registrations
     WHERE id = ANY($1::int[]) AND NOT email_sent`,
    [owed],
  );
  return Number(rows[0]!.n);
}

/**
 * The tool's own count, independent of which events the product wrote: every sign-up it was
 * answered 201 for has exactly one confirmation event and email (R-EMAIL-WAITLIST), and every
 * sign-up of the plain load that ended approved or rejected (each decided once, send-email on)
 * exactly one decision event and email (R-EMAIL-CHOICE).
 */
export function perSignup(
  created: readonly number[],
  decided: readonly number[],
  events: OutboxEvent[],
  received: readonly Received[],
  known: Set<EmailKind>,
): { confirmationsOff: number; decisionsOff: number } {
  const got = new Set(received.map((m) => m.messageId));
  const byReg = new Map<number, OutboxEvent[]>();
  for (const e of events) byReg.set(e.registrationId, [...(byReg.get(e.registrationId) ?? []), e]);
  const once = (id: number, types: string[]) => {
    const mine = (byReg.get(id) ?? []).filter((e) => types.includes(e.type));
    if (mine.length !== 1) return false;
    const kind = parentEmailKindOf(mine[0]!);
    if (!kind) return false;
    return !known.has(kind) || got.has(messageId(mine[0]!.id, kind));
  };
  return {
    confirmationsOff: created.filter((id) => !once(id, [EVENT_TYPES.registrationCreated])).length,
    decisionsOff: decided.filter(
      (id) => !once(id, [EVENT_TYPES.registrationApproved, EVENT_TYPES.registrationRejected]),
    ).length,
  };
}
