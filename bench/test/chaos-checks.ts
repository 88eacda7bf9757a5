// What every chaos run in `npm test` must show: nothing lost or done twice, every email sent,
// capacity kept, every lapsed offer moved on once, no revoked credential accepted.
import { expect } from 'vitest';
import { RECOVERY_TARGET_S } from '../src/chaos/rows.js';
import type { ChaosReport } from '../src/chaos/run.js';

export function expectChaosHeld(report: ChaosReport): void {
  expect(report.signups.created).toBeGreaterThan(0);
  expect(report.lost, 'sign-ups answered 201 but not stored').toBe(0);
  expect(
    report.duplicateEmails - report.duplicatesAtNotifyCrash,
    `emails sent twice other than across a notify crash: ${report.duplicateTimes.join('; ')}`,
  ).toBe(0);
  expect(report.emails.missing, 'expected emails not sent').toBe(0);
  expect(report.emails.unexpected, 'emails no registration event calls for').toBe(0);
  expect(report.confirmationsOff, 'sign-ups without exactly one confirmation email').toBe(0);
  expect(report.decisionsOff, 'decided sign-ups without exactly one decision email').toBe(0);
  expect(report.notMarkedSent, 'sign-ups whose latest decision email is not marked emailSent').toBe(
    0,
  );
  expect(report.overCapacity, 'activities over capacity').toBe(0);
  expect(report.countMismatches, 'catalog counts off').toBe(0);
  const w = report.waitlist;
  expect(w.expired, 'offers that lapsed').toBeGreaterThan(0);
  if (report.replicas > 1) {
    // Two of each: the outage of one process is the second or two until it runs again.
    const due = w.dueDuringKills.reduce((n, k) => n + k.due, 0);
    expect(due, 'offers due while a killed process was away').toBeGreaterThan(0);
  } else {
    for (const k of w.dueDuringKills) {
      expect(k.due, `offers due during the ${k.target} outage`).toBeGreaterThan(0);
    }
  }
  expect(w.stuckOffers, 'offers still open long after their end').toBe(0);
  expect(w.movedOnNotOnce, 'lapsed offers not moved on exactly once').toBe(0);
  if (w.expiredEmails.checked) {
    expect(w.expiredEmails.missing, "lapsed offers without an 'offer-expired' email").toBe(0);
    expect(
      w.expiredEmails.duplicated - w.expiredEmails.duplicatedAtNotifyCrash,
      "'offer-expired' emails sent twice other than across a notify crash",
    ).toBe(0);
  }
  expect(w.overCapacity, 'waiting-list activities over capacity').toBe(0);
  expect(w.waitingAtSettle.activities, 'activities with a queue after the settle').toBeGreaterThan(
    0,
  );
  expect(w.waitingAtSettle.notFull, 'a place free while someone waits (after the settle)').toBe(0);
  expect(w.freeWhileWaitingSamples, 'a place free while someone waits (sampled)').toBe(0);
  expect(w.countMismatches, 'catalog counts of the waiting lists off').toBe(0);
  for (const k of report.kills) {
    expect(k.recoveryS, `recovery after killing ${k.target}`).toBeDefined();
    expect(k.recoveryS!, `recovery after killing ${k.target}`).toBeLessThanOrEqual(
      RECOVERY_TARGET_S,
    );
  }
  for (const p of report.revoked.byProbe) {
    expect(p.probes, `probes of ${p.name}`).toBeGreaterThan(0);
  }
  expect(
    report.revoked.violations,
    `revoked credentials accepted: ${report.revoked.byProbe
      .filter((p) => p.violations)
      .map((p) => `${p.name} ${p.violations} of ${p.probes}`)
      .join('; ')} (when: ${JSON.stringify(report.revoked.violationsDuring)})`,
  ).toBe(0);
  expect(report.storedTwice, 'children of the load stored twice').toBe(0);
  if (report.keyed && report.replicas > 1) {
    expect(report.signups5xx, 'keyed sign-ups answered 5xx or not at all').toBe(0);
  }
}
