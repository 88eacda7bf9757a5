// Benchmark 9: the draw of a lottery block. A block whose sign-up window is open gets the
// activities of a few schools and the sign-ups of a few thousand families through the public
// API (more than the places: a lottery block takes them all while open), then its window is
// closed and the draw is previewed three times (a preview is repeatable) and published with
// send-email. Timed: each preview and the publish, each until its answer; then every entry's
// email (approved or waiting list) must reach the SMTP server, once.
import type pg from 'pg';
import type { DrawView } from '@nsa/contracts';
import { pool, sleep, waitForProjection, type Api, type SignUpBody } from '../lib/api.js';
import type { SmtpCapture } from '../lib/smtp.js';
import { drawPlan } from './draw-plan.js';

/** The addresses of this benchmark's families, so other benchmarks' emails are not counted. */
const DOMAIN = '@loting.bench.example';
const DRAW_KINDS = /\.(registration-approved|waitlist-joined)@naschool\.local>$/;
const CONFIRMATION = /\.signup-received@naschool\.local>$/;

export interface DrawBenchResult {
  schools: number;
  activities: number;
  capacity: number;
  families: number;
  children: number;
  /** Sign-ups planned, answered 201, and the other answers by status and code. */
  planned: number;
  signedUp: number;
  signUpErrors: Record<string, number>;
  seedingS: number;
  signUpsPerS: number;
  /** From the end of the sign-ups until their confirmations had all arrived. */
  confirmationsS: number | undefined;
  /** A sign-up after the window closed: status and code. */
  afterClose: string;
  previewMs: number[];
  previewMedianMs: number;
  /** Whether the previews drew the same results over the same entries. */
  previewsIdentical: boolean;
  publishMs: number;
  publishStatus: number;
  stats: DrawView['stats'] | undefined;
  /** Sign-ups of the block by status after the publish. */
  statuses: Record<string, number>;
  emails: {
    expected: number;
    received: number;
    approved: number;
    waitlist: number;
    duplicates: number;
    /** From the publish request until the last of them arrived; undefined if not all did. */
    allS: number | undefined;
    timeoutS: number;
  };
}

export async function drawBenchmark(opts: {
  api: Api;
  db: pg.Pool;
  smtp: SmtpCapture;
  schools: number;
  activities: number;
  families: number;
  entries: number;
  concurrency: number;
  emailTimeoutS: number;
  log: (line: string) => void;
}): Promise<DrawBenchResult> {
  const { api, db, smtp, log } = opts;
  const plan = drawPlan(opts);
  const t0 = Date.now();
  const block = {
    name: `Loting ${new Date().toISOString().slice(0, 16)}`,
    weekStart: 10,
    weekEnd: 20,
    signupOpensAt: new Date(Date.now() - 60_000).toISOString(),
    // Long enough for the seeding; closed with a PUT once every entry is in.
    signupClosesAt: new Date(Date.now() + 6 * 3600_000).toISOString(),
    allocation: 'lottery' as const,
  };
  const { id: blockId } = await api.must<{ id: number }>('POST', '/api/blocks', block);
  const { id: providerId } = await api.createProvider('Loting aanbieder');
  const schools = await pool(
    Array.from({ length: plan.schools }, (_, s) => s),
    4,
    (s) => api.createSchool(`Lotingschool ${s + 1}`),
  );
  const activityIds = await pool(plan.activities, 8, async (a) => {
    const created = await api.createActivity({
      title: a.title,
      capacity: a.capacity,
      weekday: a.weekday,
      startTime: a.startTime,
      schoolId: schools[a.school]!.id,
      blockId,
      providerId,
    });
    return created.id;
  });
  await waitForProjection(db, activityIds);
  const children = plan.families.reduce((n, f) => n + f.children.length, 0);
  log(
    `   ${plan.activities.length} activities in ${plan.schools} schools, ${((Date.now() - t0) / 1000).toFixed(1)} s; ` +
      `signing up ${plan.entries} entries of ${children} children of ${plan.families.length} families`,
  );

  // Families at once, each family's sign-ups one after another: a child's order of sign-up is
  // its order of preference.
  const signUpErrors: Record<string, number> = {};
  let signedUp = 0;
  const s0 = Date.now();
  await pool(plan.families, opts.concurrency, async (family) => {
    const token = schools[family.school]!.accessToken;
    for (const child of family.children) {
      for (const choice of child.choices) {
        const body: SignUpBody = {
          activityId: activityIds[choice]!,
          childFirstName: child.firstName,
          childLastName: family.lastName,
          childDateOfBirth: child.dateOfBirth,
          childGroup: child.group,
          parentName: family.parentName,
          email: family.email,
          phone: '0612345678',
        };
        const a = await api.signUp(body, token).catch((err: Error) => ({
          status: 0,
          body: { code: err.message.slice(0, 60) } as unknown,
        }));
        const status = (a.body as { registration?: { status?: string } }).registration?.status;
        if (a.status === 201 && status === 'new') signedUp += 1;
        else {
          const key = `${a.status} ${(a.body as { code?: string } | undefined)?.code ?? status ?? ''}`;
          signUpErrors[key] = (signUpErrors[key] ?? 0) + 1;
        }
      }
    }
  });
  const seedingS = (Date.now() - s0) / 1000;
  log(`   ${signedUp} sign-ups in ${seedingS.toFixed(1)} s; waiting for their confirmations`);
  const c0 = Date.now();
  const confirmed = await waitForEmails(smtp, CONFIRMATION, signedUp, opts.emailTimeoutS, 0);
  const confirmationsS = confirmed ? (Date.now() - c0) / 1000 : undefined;
  log(
    confirmationsS === undefined
      ? `   not all confirmations within ${opts.emailTimeoutS} s`
      : `   confirmations all in ${confirmationsS.toFixed(1)} s after the last sign-up`,
  );

  // Close the window (the full body, closing now) and wait until registrations has it.
  const closes = new Date().toISOString();
  await api.must('PUT', `/api/blocks/${blockId}`, { ...block, signupClosesAt: closes });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM registrations.activities
       WHERE block_id = $1 AND block_signup_closes_at = $2::timestamptz`,
      [blockId, closes],
    );
    if (Number(rows[0]?.n) === activityIds.length) break;
    if (Date.now() > deadline) throw new Error('registrations did not see the window close');
    await sleep(100);
  }
  // Registrations may reuse catalog's answer about an activity for 250 ms (R-FRESH-SIGNUP).
  await sleep(500);
  const family = plan.families[0]!;
  const late = await api.signUp(
    {
      activityId: activityIds[family.children[0]!.choices[0]!]!,
      childFirstName: 'Laatkomer',
      childLastName: family.lastName,
      childDateOfBirth: family.children[0]!.dateOfBirth,
      childGroup: family.children[0]!.group,
      parentName: family.parentName,
      email: family.email,
      phone: '0612345678',
    },
    schools[family.school]!.accessToken,
  );
  const afterClose = `${late.status} ${(late.body as { code?: string }).code ?? ''}`.trim();

  log('   3 previews of the draw');
  const previews: Array<{ ms: number; view: DrawView }> = [];
  for (let i = 0; i < 3; i++) {
    const a = await api.call<DrawView>(
      'POST',
      `/api/admin/blocks/${blockId}/draw`,
      undefined,
      {},
      300_000,
    );
    if (a.status !== 201) {
      throw new Error(`draw preview: ${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);
    }
    previews.push({ ms: a.ms, view: a.body });
  }
  const previewMs = previews.map((p) => p.ms);
  const first = previews[0]!.view;
  const previewsIdentical = previews.every(
    (p) =>
      p.view.entriesDigest === first.entriesDigest &&
      JSON.stringify(p.view.results) === JSON.stringify(first.results),
  );

  log('   publishing the draw with send-email');
  const receivedBefore = smtp.received.length;
  const p0 = Date.now();
  const published = await api.call<DrawView>(
    'POST',
    `/api/admin/blocks/${blockId}/draw/publish`,
    { sendEmail: true },
    {},
    300_000,
  );
  if (published.status !== 200) {
    log(`   publish answered ${published.status} ${JSON.stringify(published.body).slice(0, 300)}`);
  }
  const stats = published.status === 200 ? published.body.stats : undefined;
  const expected = stats?.entries ?? 0;
  const all = await waitForEmails(smtp, DRAW_KINDS, expected, opts.emailTimeoutS, receivedBefore);
  const mine = smtp.received
    .slice(receivedBefore)
    .filter((m) => m.to.endsWith(DOMAIN) && DRAW_KINDS.test(m.messageId));
  const ids = new Set(mine.map((m) => m.messageId));
  const { rows } = await db.query<{ status: string; n: string }>(
    `SELECT status, count(*) AS n FROM registrations.registrations WHERE block_id = $1
     GROUP BY status`,
    [blockId],
  );
  return {
    schools: plan.schools,
    activities: plan.activities.length,
    capacity: plan.activities.reduce((n, a) => n + a.capacity, 0),
    families: plan.families.length,
    children,
    planned: plan.entries,
    signedUp,
    signUpErrors,
    seedingS,
    signUpsPerS: signedUp / seedingS,
    confirmationsS,
    afterClose,
    previewMs,
    previewMedianMs: [...previewMs].sort((a, b) => a - b)[1]!,
    previewsIdentical,
    publishMs: published.ms,
    publishStatus: published.status,
    stats,
    statuses: Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])),
    emails: {
      expected,
      received: ids.size,
      approved: [...ids].filter((id) => id.includes('.registration-approved@')).length,
      waitlist: [...ids].filter((id) => id.includes('.waitlist-joined@')).length,
      duplicates: mine.length - ids.size,
      allS: all && mine.length ? (Math.max(...mine.map((m) => m.at)) - p0) / 1000 : undefined,
      timeoutS: opts.emailTimeoutS,
    },
  };
}

/**
 * Waits until `count` distinct emails of this benchmark's families whose Message-ID matches
 * `kind` have arrived since `from` (an index into the capture's list); false on time-out.
 */
async function waitForEmails(
  smtp: SmtpCapture,
  kind: RegExp,
  count: number,
  timeoutS: number,
  from: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutS * 1000;
  const seen = new Set<string>();
  let scanned = from;
  for (;;) {
    for (; scanned < smtp.received.length; scanned++) {
      const m = smtp.received[scanned]!;
      if (m.to.endsWith(DOMAIN) && kind.test(m.messageId)) seen.add(m.messageId);
    }
    if (seen.size >= count) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await smtp.waitForUnique(smtp.unique + 1, Math.min(left, 1000));
  }
}
