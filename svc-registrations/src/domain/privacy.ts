import {
  ACCESS_LOG_RETENTION_DAYS,
  AUDIT_ACTIONS,
  EVENT_TYPES,
  PRIVACY_RPC_SUBJECTS,
  STREAMS,
  type PrivacyCounts,
  type PrivacyEraseResponse,
  type PrivacyExport,
  type PrivacyReply,
  type PrivacyRequest,
  type PrivacyStatus,
  type RegistrationsErasedEvent,
  type RetentionReport,
} from '@nsa/contracts';
import {
  AppError,
  currentActor,
  DAY_MS,
  privacySubjectHash,
  recordAudit,
  recordAudits,
  RETENTION_JOB,
  SYSTEM_ACTOR,
  type ErasureRecorder,
  type Logger,
  type Outbox,
  type PublicAddress,
  type Transactor,
} from '@nsa/service-kit';
import type { PrivacyRepository } from '../data-access/privacy.js';
import type { MySignups } from './my-signup.js';
import { MSG } from './messages.js';
import type { RegistrationsStream } from './registrations-stream.js';

/** How many sign-ups one transaction (and one erasure event) takes. */
export const RETENTION_BATCH = 500;
/** The audit target type of an export or erasure of one address (R-PRIVACY-AUDIT). */
export const PRIVACY_SUBJECT = 'privacy-subject';
/** How long an admin's erasure waits for the stream's consumers before purging. */
const ADMIN_PURGE_WAIT_MS = 15_000;
/** The other services that hold personal data, each with a privacy part of its own. */
export type PrivacyPeer = keyof typeof PRIVACY_RPC_SUBJECTS;
const OTHERS = Object.keys(PRIVACY_RPC_SUBJECTS) as PrivacyPeer[];

/** Asks another service's privacy part; rejects when it does not answer within `timeoutMs`. */
export interface PrivacyPeers {
  ask(peer: PrivacyPeer, request: PrivacyRequest, timeoutMs: number): Promise<PrivacyReply>;
}

export interface PrivacyDeps {
  db: Transactor;
  outbox: Outbox;
  logger: Logger;
  /** What the privacy lifecycle reads and writes here. */
  records: PrivacyRepository;
  mySignups: Pick<MySignups, 'eraseSignups'>;
  stream: RegistrationsStream;
  peers: PrivacyPeers;
  /** R-ERASURE-LEDGER: where every erasure is appended before it is done. */
  ledger: ErasureRecorder;
  /** The key of the audit log's hash of an address (R-PRIVACY-AUDIT). */
  subjectSecret: string;
  /** Organisation 1's months (RETENTION_MONTHS); a further organisation sets its own. */
  retentionMonths: number;
  /** The work's organisation's own settings, as svc-identity has them now (R-ORG-SETTINGS). */
  organisation: Pick<PublicAddress, 'furtherNow'>;
  batchSize?: number;
  /** How long the other services get to answer (ms). */
  askTimeoutMs?: number;
  /** Tests: runs after each committed batch (a throw there is a crash halfway). */
  afterBatch?: (batch: number) => Promise<void>;
  now?: () => Date;
}

/** The day before which a block must have ended for its sign-ups to be anonymised. */
export function retentionCutoff(today: Date, months: number): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  // The same day of the month, or the month's last day when it has fewer.
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
}

/** R-RETENTION-JOB: how many sign-ups a retention run erased here, for the job's metrics. */
export const retainedSignups = (r: RetentionReport): number => r.counts.registrations?.signups ?? 0;

/**
 * The privacy lifecycle of sign-ups (R-RETENTION-*, R-PRIVACY-*):
 * - retention (`retain`, run on start and daily by the service's retention job): the sign-ups
 *   of blocks that ended more than `RETENTION_MONTHS` ago are anonymised in batches; each batch
 *   is one transaction with its one `registrations.registrations.erased` event, so a run that
 *   dies halfway leaves whole batches and the next run does the rest, and no sign-up is in two
 *   events. Provider access older than 90 days goes, and the stream's messages about erased
 *   sign-ups. The other services are asked to run their part and answer their counts; the
 *   run's report is stored.
 * - export and erasure of one email on request, over every service.
 */
export class Privacy {
  constructor(private readonly deps: PrivacyDeps) {}

  /** How many months after its block the work's organisation keeps a sign-up. */
  private async retentionMonths(): Promise<number> {
    const further = await this.deps.organisation.furtherNow();
    return further?.retentionMonths ?? this.deps.retentionMonths;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** POST /api/admin/privacy/retention/run: a run now; 409 while another one runs. */
  async runNow(): Promise<RetentionReport> {
    const result = await this.deps.records.whileJobHeld(RETENTION_JOB, () => this.retain('manual'));
    if (!result.locked) throw AppError.conflict(MSG.retentionRunning);
    return result.value;
  }

  /** One retention run; the job's runs and `runNow` hold the job's lock around it. */
  async retain(trigger: RetentionReport['trigger']): Promise<RetentionReport> {
    const { db, outbox, records } = this.deps;
    const cutoff = retentionCutoff(this.now(), await this.retentionMonths());
    const runId = await records.startRun(trigger);
    const mine: PrivacyCounts = { signups: 0, outboxRows: 0, providerAccess: 0, streamMessages: 0 };
    const report = { cutoff, counts: { registrations: mine }, unavailable: [] as string[] };
    try {
      for (let batch = 1; ; batch += 1) {
        const done = await db.transaction(async (tx) => {
          const ids = await records.anonymise(
            tx,
            await records.expired(tx, cutoff, this.deps.batchSize ?? RETENTION_BATCH),
          );
          if (ids.length === 0) return ids;
          mine.outboxRows! += await records.scrubOutbox(tx, ids);
          // R-AUDIT-ADMIN-CHANGES: each sign-up the retention job erased, by the system.
          await recordAudits(
            tx,
            outbox,
            'registrations',
            ids.map((id) => ({
              actor: SYSTEM_ACTOR,
              action: AUDIT_ACTIONS.registrationErased,
              target: { type: 'registration', id: String(id) },
              reason: 'retention',
            })),
          );
          await outbox.add<RegistrationsErasedEvent>(tx, {
            type: EVENT_TYPES.registrationsErased,
            data: { registrationIds: ids, reason: 'retention' },
          });
          return ids;
        });
        if (done.length === 0) break;
        mine.signups! += done.length;
        await records.saveRun(runId, 'running', report);
        await this.deps.afterBatch?.(batch);
      }
      mine.providerAccess = await records.pruneProviderAccess(ACCESS_LOG_RETENTION_DAYS);
      // Every sign-up erased within the stream's age may still have messages there.
      const recent = await records.erasedWithin(STREAMS.REGISTRATIONS.maxAgeMs / 1000);
      const purged = await this.deps.stream.purge({ ids: new Set(recent), emails: [] }, 2_000);
      mine.streamMessages = purged.deleted;
      await this.askOthers({ op: 'retention' }, report);
      await records.saveRun(runId, 'done', report);
    } catch (err) {
      await records.saveRun(runId, 'failed', report).catch(() => undefined);
      throw err;
    }
    return (await records.run(runId))!;
  }

  /** Asks each other service; one that does not answer in time is named in `unavailable`. */
  private async askOthers(
    request: PrivacyRequest,
    report: { counts: Record<string, PrivacyCounts>; unavailable: string[] },
  ): Promise<Record<string, PrivacyReply | undefined>> {
    const replies = await Promise.all(OTHERS.map((s) => this.ask(s, request)));
    const out: Record<string, PrivacyReply | undefined> = {};
    OTHERS.forEach((s, i) => {
      out[s] = replies[i];
      if (replies[i]) report.counts[s] = replies[i].counts;
      else report.unavailable.push(s);
    });
    return out;
  }

  private async ask(
    service: PrivacyPeer,
    request: PrivacyRequest,
  ): Promise<PrivacyReply | undefined> {
    try {
      return await this.deps.peers.ask(service, request, this.deps.askTimeoutMs ?? 10_000);
    } catch (err) {
      this.deps.logger.warn(
        { service, op: request.op, err: (err as Error).message },
        'privacy: no answer',
      );
      return undefined;
    }
  }

  /** R-PRIVACY-AUDIT: an export's or erasure's subject in the audit log, by a keyed hash. */
  private subject(email: string): { type: string; id: string } {
    return {
      type: PRIVACY_SUBJECT,
      id: privacySubjectHash(this.deps.subjectSecret, email),
    };
  }

  /** R-PRIVACY-EXPORT: every record that holds the email, in every service. */
  async exportEmail(email: string): Promise<PrivacyExport> {
    const local = await this.deps.records.export(email);
    const report = { counts: {}, unavailable: [] as string[] };
    const replies = await this.askOthers({ op: 'export', email }, report);
    const services: PrivacyExport['services'] = { registrations: { records: local } };
    for (const s of OTHERS) {
      services[s] = replies[s]
        ? { records: replies[s].records }
        : { records: [], unavailable: true };
    }
    const count = Object.values(services).reduce((n, s) => n + s.records.length, 0);
    if (report.unavailable.length > 0)
      throw new AppError('SERVICE_UNAVAILABLE', 503, MSG.privacyServiceUnavailable);
    // R-AUDIT-ADMIN-CHANGES, R-PRIVACY-AUDIT: who exported whose data (the keyed hash of the
    // address, never the address), and how many records.
    await this.deps.db.transaction((tx) =>
      recordAudit(tx, this.deps.outbox, 'registrations', {
        actor: currentActor(),
        action: AUDIT_ACTIONS.registrationsExported,
        target: this.subject(email),
        changes: { records: { before: null, after: count } },
      }),
    );
    return { email, exportedAt: new Date().toISOString(), services, count };
  }

  /**
   * R-PRIVACY-ERASE: every sign-up with the email erased as the parent's own erasure does it
   * (a place it held moves on), the batch announced in one event, the events that carried it
   * gone from the outbox and the stream, and each other service's records of it erased.
   */
  async eraseEmail(email: string): Promise<PrivacyEraseResponse> {
    const { db, outbox, records } = this.deps;
    const ids = await records.idsOfEmail(email);
    // R-ERASURE-LEDGER: in the ledger before the erasure, so an erasure that answered is there.
    await this.deps.ledger.append({ kind: 'admin', registrationIds: ids, email });
    const runId = await records.startRun('request');
    const mine: PrivacyCounts = { signups: 0, outboxRows: 0, streamMessages: 0 };
    const report = { counts: { registrations: mine }, unavailable: [] as string[] };
    try {
      // R-PRIVACY-ERASE-PARENT: the same erasure a parent's own link does, sign-up by sign-up.
      const done = await this.deps.mySignups.eraseSignups(ids, {
        emails: [email],
        purgeWaitMs: ADMIN_PURGE_WAIT_MS,
      });
      Object.assign(mine, done);
      if (ids.length > 0)
        await db.transaction((tx) =>
          outbox.add<RegistrationsErasedEvent>(tx, {
            type: EVENT_TYPES.registrationsErased,
            data: { registrationIds: ids, reason: 'request' },
          }),
        );
      await this.askOthers({ op: 'erase', email, registrationIds: ids }, report);
      await records.saveRun(runId, 'done', report);
    } catch (err) {
      await records.saveRun(runId, 'failed', report).catch(() => undefined);
      throw err;
    }
    const erased = Object.entries(report.counts).reduce(
      (n, [service, c]) =>
        n +
        (service === 'registrations'
          ? (c.signups ?? 0)
          : Object.values(c).reduce((a, b) => a + b, 0)),
      0,
    );
    // R-AUDIT-ADMIN-CHANGES, R-PRIVACY-AUDIT: who erased whose data (the keyed hash of the
    // address, never the address), and how much; each sign-up has its own entry besides.
    await db.transaction((tx) =>
      recordAudit(tx, outbox, 'registrations', {
        actor: currentActor(),
        action: AUDIT_ACTIONS.privacyErased,
        target: this.subject(email),
        changes: { records: { before: null, after: erased } },
      }),
    );
    return { erased, report: (await records.run(runId))! };
  }

  /** GET /api/admin/privacy/status. */
  async status(): Promise<PrivacyStatus> {
    const { records } = this.deps;
    const lastStart = await records.lastJobStart();
    return {
      retentionMonths: await this.retentionMonths(),
      accessLogDays: ACCESS_LOG_RETENTION_DAYS,
      streamMaxAgeDays: STREAMS.REGISTRATIONS.maxAgeMs / DAY_MS,
      nextRunAt: new Date((lastStart ?? this.now()).getTime() + DAY_MS).toISOString(),
      lastReport: await records.run(),
    };
  }
}
