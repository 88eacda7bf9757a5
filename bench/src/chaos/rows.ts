import { fmt, row, type Row } from '../lib/report.js';
import type { ChaosReport } from './run.js';

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
          `; failed answers meanwhile: sign-ups ${JSON.stringify(k.failedSignups)}, approvals ${JSON.stringify(k.failedApprovals)}`,
        `≤ ${RECOVERY_TARGET_S} s`,
        k.recoveryS !== undefined && k.recoveryS <= RECOVERY_TARGET_S,
      ),
    ),
    row('sign-ups answered 201 but not stored', String(r.lost), '0', r.lost === 0),
    row(
      'emails sent twice (by Message-ID / by recipient)',
      `${r.duplicateEmails} / ${r.duplicateRecipients}` +
        (r.duplicateEmails
          ? ` (${r.duplicatesAtNotifyCrash} accepted by SMTP just before notify was killed): ` +
            r.duplicateTimes.join('; ')
          : ''),
      '0',
      r.duplicateEmails === 0 && r.duplicateRecipients === 0,
    ),
    row(
      'expected emails not sent',
      `${r.missingEmails} of ${r.emailsExpected} (${r.emailsReceived} received` +
        `${r.convergedS === undefined ? ', never converged' : `, all in ${fmt(r.convergedS)} s after the load`})`,
      '0',
      r.missingEmails === 0,
    ),
    row('emails for no decided sign-up', String(r.unexpectedEmails), '0', r.unexpectedEmails === 0),
    row(
      'decided sign-ups not marked emailSent',
      String(r.notMarkedSent),
      '0',
      r.notMarkedSent === 0,
    ),
    row('activities over capacity', String(r.overCapacity), '0', r.overCapacity === 0),
    row(
      'activities whose catalog counts differ from the sign-ups',
      String(r.countMismatches),
      '0',
      r.countMismatches === 0,
    ),
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
