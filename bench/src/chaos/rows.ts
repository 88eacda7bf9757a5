import { fmt, row, type Row } from '../lib/report.js';
import type { ChaosReport } from './run.js';
import type { WaitlistReport } from './waitlist.js';

export const RECOVERY_TARGET_S = 10;

/** The chaos report as target rows. */
export function chaosRows(r: ChaosReport): Row[] {
  return [
    row(
      'load',
      `${fmt(r.loadS, 0)} s: ${r.signups.created} sign-ups created of ${r.signups.sent} sent, ` +
        `${r.approvals.answered} approvals answered (${r.approvals.retried} retried)`,
    ),
    ...r.kills.map((k) =>
      row(
        `recovery after killing ${k.target}`,
        (k.recoveryS === undefined
          ? 'not recovered'
          : `${fmt(k.recoveryS)} s${k.sawDown ? '' : ' (health never failed)'}`) +
          `; failed answers meanwhile: sign-ups ${JSON.stringify(k.failedSignups)}, approvals ${JSON.stringify(k.failedApprovals)}` +
          (r.keyed
            ? `; sign-ups due meanwhile ${k.signupsDuring}, p99 ${k.signupP99Ms === undefined ? '-' : `${fmt(k.signupP99Ms, 0)} ms`}`
            : ''),
        `≤ ${RECOVERY_TARGET_S} s`,
        k.recoveryS !== undefined && k.recoveryS <= RECOVERY_TARGET_S,
      ),
    ),
    row('sign-ups answered 201 but not stored', String(r.lost), '0', r.lost === 0),
    row(
      'children of the load stored twice for one activity',
      String(r.storedTwice),
      '0',
      r.storedTwice === 0,
    ),
    ...(r.keyed
      ? [
          row(
            `keyed sign-ups answered 5xx or not at all (${r.replicas} of each service, ${r.natsNodes} nats-server${r.natsNodes > 1 ? 's' : ''})`,
            `${r.signups5xx} of ${r.signups.sent}`,
            r.replicas > 1 ? '0' : undefined,
            r.replicas > 1 ? r.signups5xx === 0 : undefined,
          ),
        ]
      : []),
    row(
      'emails sent twice (by Message-ID: each event and kind once)',
      String(r.duplicateEmails) +
        (r.duplicateEmails
          ? ` (${r.duplicatesAtNotifyCrash} accepted by SMTP just before notify was killed): ` +
            r.duplicateTimes.join('; ')
          : ''),
      '0',
      r.duplicateEmails === 0,
    ),
    row(
      'expected emails not sent (one per registration event that emails the parent)',
      `${r.emails.missing} of ${r.emails.expected} (${r.emailsReceived} received` +
        `${r.convergedS === undefined ? ', never converged' : `, all in ${fmt(r.convergedS)} s after the load`}); ` +
        Object.entries(r.emails.byKind)
          .map(([kind, k]) => `${kind} ${k.received}/${k.expected}`)
          .join(', ') +
        (Object.keys(r.emails.notChecked).length
          ? `; not checked (svc-notify has no such email yet): ${JSON.stringify(r.emails.notChecked)}`
          : ''),
      '0',
      r.emails.missing === 0,
    ),
    row(
      'emails no registration event calls for',
      String(r.emails.unexpected),
      '0',
      r.emails.unexpected === 0,
    ),
    row(
      'sign-ups answered 201 without exactly one confirmation email',
      `${r.confirmationsOff} of ${r.created}`,
      '0',
      r.confirmationsOff === 0,
    ),
    row(
      'decided sign-ups of the load without exactly one decision email',
      `${r.decisionsOff} of ${r.decided}`,
      '0',
      r.decisionsOff === 0,
    ),
    row(
      'sign-ups whose latest decision email is not marked emailSent',
      String(r.notMarkedSent),
      '0',
      r.notMarkedSent === 0,
    ),
    row(
      'activities over capacity (approved + offered, sampled every second)',
      String(r.overCapacity),
      '0',
      r.overCapacity === 0,
    ),
    row(
      'load activities whose catalog counts differ from the sign-ups',
      String(r.countMismatches),
      '0',
      r.countMismatches === 0,
    ),
    ...waitlistRows(r.waitlist),
    row(
      'revoked credentials accepted (logged-out admin cookie, revoked and replaced provider link)',
      `${r.revoked.violations} of ${r.revoked.probes} probes answered 2xx` +
        (r.revoked.violations
          ? `: ${r.revoked.byProbe
              .filter((p) => p.violations)
              .map((p) => `${p.name} ${p.violations}`)
              .join('; ')} (when: ${JSON.stringify(r.revoked.violationsDuring)})`
          : ''),
      '0',
      r.revoked.violations === 0 && r.revoked.byProbe.every((p) => p.probes > 0),
    ),
    ...r.revoked.byProbe.map((p) =>
      row(`revoked: ${p.name}`, `${p.probes} probes, answers ${JSON.stringify(p.answers)}`),
    ),
  ];
}

/** The waiting list's lines: (a) to (e) of its chaos check, each with its target. */
function waitlistRows(w: WaitlistReport): Row[] {
  const lateness = w.lateness
    ? `moved on ${fmt(w.lateness.p50)} s (median) / ${fmt(w.lateness.max)} s (longest) after their end`
    : 'none lapsed';
  const e = w.expiredEmails;
  return [
    row(
      'waiting list: load',
      `${w.activities} activities of capacity ${w.capacity}, offers of ${fmt(w.offerS)} s, ` +
        `sweep ${w.sweepMs} ms; ${w.signups.created} sign-ups (answers ${JSON.stringify(w.signups.answers)}), ` +
        `reverts ${JSON.stringify(w.reverts)}, approvals ${JSON.stringify(w.approvals)}; ` +
        `${w.offersMade} offers made, ${w.expired} lapsed, ${lateness}`,
    ),
    row(
      'waiting list: offers whose end fell in an outage',
      w.dueDuringKills
        .map(
          (k) =>
            `${k.target} ${k.due}` +
            (k.maxLateS === undefined ? '' : ` (latest moved on ${fmt(k.maxLateS)} s late)`),
        )
        .join(', '),
      '≥ 1 in each outage',
      w.dueDuringKills.every((k) => k.due > 0),
    ),
    row(
      `waiting list (a): offers still open more than sweep + 10 s after their end, after the settle`,
      String(w.stuckOffers),
      '0',
      w.stuckOffers === 0,
    ),
    row(
      "waiting list (b): lapsed offers not moved on exactly once (withdrawn events, reason 'expired')",
      `${w.movedOnNotOnce} of ${w.expired}`,
      '0',
      w.movedOnNotOnce === 0 && w.expired > 0,
    ),
    e.checked
      ? row(
          "waiting list (b): lapsed offers without exactly one 'offer-expired' email (by Message-ID)",
          `${e.missing} missing, ${e.duplicated} twice` +
            (e.duplicated ? ` (${e.duplicatedAtNotifyCrash} across a notify kill)` : '') +
            ` of ${w.expired}`,
          '0',
          e.missing === 0 && e.duplicated === 0,
        )
      : row(
          "waiting list (b): 'offer-expired' emails",
          'not checked: the built svc-notify has no offer-expired email',
        ),
    row(
      'waiting list (c): activities where approved + offered exceeded capacity',
      `${w.overCapacity} (${w.samples} samples, every 250 ms)`,
      '0',
      w.overCapacity === 0,
    ),
    row(
      'waiting list (d): a place free while someone waited',
      `${w.waitingAtSettle.notFull} of ${w.waitingAtSettle.activities} activities with a queue after the settle; ` +
        `${w.freeWhileWaitingSamples} samples during the run`,
      '0 (and ≥ 1 activity with a queue)',
      w.waitingAtSettle.notFull === 0 &&
        w.waitingAtSettle.activities > 0 &&
        w.freeWhileWaitingSamples === 0,
    ),
    row(
      'waiting list (e): activities whose catalog counts (approved, offered, waiting, sign-ups) differ',
      String(w.countMismatches),
      '0',
      w.countMismatches === 0,
    ),
  ];
}
