// Benchmark 6: 1,000 approvals with send-email; the clock runs from the first approval until
// the last of the 1,000 emails reached the SMTP server. None may arrive twice.
import type pg from 'pg';
import { pool, signUpBody, waitForProjection, type Api } from '../lib/api.js';
import type { SmtpCapture } from '../lib/smtp.js';

export interface EmailResult {
  approvals: number;
  approvalErrors: number;
  approvePhaseS: number;
  delivered: number;
  allDeliveredS: number | undefined;
  duplicates: number;
  /** Approved sign-ups whose parent got no email. */
  missing: number;
}

export async function emailBurst(opts: {
  api: Api;
  db: pg.Pool;
  smtp: SmtpCapture;
  school: { id: number; accessToken: string };
  blockId: number;
  providerId: number;
  count: number;
  timeoutS: number;
}): Promise<EmailResult> {
  const { api, smtp } = opts;
  const activity = await api.createActivity({
    title: 'Email bench',
    capacity: opts.count,
    weekday: 6,
    startTime: '23:30',
    schoolId: opts.school.id,
    blockId: opts.blockId,
    providerId: opts.providerId,
  });
  await waitForProjection(opts.db, [activity.id]);
  const beforeSignups = smtp.unique;
  const signups = await pool(
    Array.from({ length: opts.count }, (_, i) => i),
    16,
    async (i) => {
      const body = signUpBody(i, activity.id, 'mail');
      const a = await api.signUp(body, opts.school.accessToken);
      if (a.status !== 201) throw new Error(`email sign-up: ${a.status} ${JSON.stringify(a.body)}`);
      return { id: a.body.registration!.id, email: body.email };
    },
  );
  // Every sign-up is confirmed by email (R-MY-SIGNUP-LINK): those arrive first, so that only
  // the approvals' emails are timed.
  await smtp.waitForUnique(beforeSignups + opts.count, opts.timeoutS * 1000);
  const before = smtp.unique;
  const receivedBefore = smtp.received.length;
  const t0 = Date.now();
  let approvalErrors = 0;
  await pool(signups, 50, async (s) => {
    const a = await api.approve(s.id, true);
    if (a.status !== 200 || a.body.status !== 'approved') approvalErrors += 1;
  });
  const approvePhaseS = (Date.now() - t0) / 1000;
  const all = await smtp.waitForUnique(before + opts.count, opts.timeoutS * 1000);
  const mine = smtp.received.slice(receivedBefore);
  const last = Math.max(...mine.map((m) => m.at));
  const to = new Set(mine.map((m) => m.to));
  return {
    approvals: signups.length,
    approvalErrors,
    approvePhaseS,
    delivered: smtp.unique - before,
    allDeliveredS: all ? (last - t0) / 1000 : undefined,
    duplicates: smtp.duplicates().length,
    missing: signups.filter((s) => !to.has(s.email)).length,
  };
}
