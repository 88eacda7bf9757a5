import {
  ACCESS_LOG_RETENTION_DAYS,
  AUDIT_ACTIONS,
  EVENT_TYPES,
  PRIVACY_RPC_SUBJECTS,
  STREAMS,
  privacyReplySchema,
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
  DailyJob,
  privacySubjectHash,
  QueryTypes,
  recordAudit,
  recordAudits,
  SYSTEM_ACTOR,
  withAdvisoryLock,
  type ServiceContext,
} from '@nsa/service-kit';
import type { PrivacyRepository } from '../data-access/privacy.js';
import { purgeRegistrationsStream } from '../data-access/stream-purge.js';
import type { MySignups } from './my-signup.js';
import { MSG } from './messages.js';

/** How many sign-ups one transaction (and one erasure event) takes. */
export const RETENTION_BATCH = 500;
const JOB = 'retention';
/** The audit target type of an export or erasure of one address (R-PRIVACY-AUDIT). */
export const PRIVACY_SUBJECT = 'privacy-subject';
/** How long an admin's erasure waits for the stream's consumers before purging. */
const ADMIN_PURGE_WAIT_MS = 15_000;
const OTHERS = Object.keys(PRIVACY_RPC_SUBJECTS) as (keyof typeof PRIVACY_RPC_SUBJECTS)[];

export interface PrivacyDeps {
  ctx: ServiceContext;
  repo: PrivacyRepository;
  mySignups: Pick<MySignups, 'eraseSignups'>;
  retentionMonths: number;
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

/**
 * The privacy lifecycle of sign-ups (R-RETENTION-*, R-PRIVACY-*):
 * - retention: on start and daily, the sign-ups of blocks that ended more than
 *   `RETENTION_MONTHS` ago are anonymised in batches; each batch is one transaction with its one
 *   `registrations.registrations.erased` event, so a run that dies halfway leaves whole batches
 *   and the next run does the rest, and no sign-up is in two events. Provider access older than
 *   90 days goes, and the stream's messages about erased sign-ups. The other services are asked
 *   to run their part and answer their counts; the run's report is stored.
 * - export and erasure of one email on request, over every service.
 */
export class Privacy {
  private readonly job: DailyJob<RetentionReport>;

  constructor(private readonly deps: PrivacyDeps) {
    this.job = new DailyJob({
      name: JOB,
      sequelize: deps.ctx.sequelize,
      logger: deps.ctx.logger,
      metrics: deps.ctx.metrics,
      run: (trigger) => this.retain(trigger),
      items: (r) => r.counts.registrations?.signups ?? 0,
    });
  }

  start(): { stop(): Promise<void> } {
    return this.job.start();
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** POST /api/admin/privacy/retention/run: a run now; 409 while another one runs. */
  async runNow(): Promise<RetentionReport> {
    const result = await withAdvisoryLock(this.deps.ctx.sequelize, `job:${JOB}`, () =>
      this.retain('manual'),
    );
    if (!result.locked) throw AppError.conflict(MSG.retentionRunning);
    return result.value;
  }

  private async retain(trigger: RetentionReport['trigger']): Promise<RetentionReport> {
    const { ctx, repo } = this.deps;
    const cutoff = retentionCutoff(this.now(), this.deps.retentionMonths);
    const runId = await repo.startRun(trigger);
    const mine: PrivacyCounts = { signups: 0, outboxRows: 0, providerAccess: 0, streamMessages: 0 };
    const report = { cutoff, counts: { registrations: mine }, unavailable: [] as string[] };
    try {
      for (let batch = 1; ; batch += 1) {
        const done = await ctx.sequelize.transaction(async (tx) => {
          const ids = await repo.anonymise(
            tx,
            await repo.expired(tx, cutoff, this.deps.batchSize ?? RETENTION_BATCH),
          );
          if (ids.length === 0) return ids;
          mine.outboxRows! += await repo.scrubOutbox(tx, ids);
          // R-AUDIT-ADMIN-CHANGES: each sign-up the retention job erased, by the system.
          await recordAudits(
            tx,
            ctx.outbox,
            'registrations',
            ids.map((id) => ({
              actor: SYSTEM_ACTOR,
              action: AUDIT_ACTIONS.registrationErased,
              target: { type: 'registration', id: String(id) },
              reason: 'retention',
            })),
          );
          await ctx.outbox.add<RegistrationsErasedEvent>(tx, {
            type: EVENT_TYPES.registrationsErased,
            data: { registrationIds: ids, reason: 'retention' },
          });
          return ids;
        });
        if (done.length === 0) break;
        mine.signups! += done.length;
        await repo.saveRun(runId, 'running', report);
        await this.deps.afterBatch?.(batch);
      }
      mine.providerAccess = await repo.pruneProviderAccess(ACCESS_LOG_RETENTION_DAYS);
      // Every sign-up erased within the stream's age may still have messages there.
      const recent = await ctx.sequelize.query<{ id: number }>(
        `SELECT id FROM registrations WHERE erased_at > now() - make_interval(secs => :secs)`,
        { replacements: { secs: STREAMS.REGISTRATIONS.maxAgeMs / 1000 }, type: QueryTypes.SELECT },
      );
      const purged = await purgeRegistrationsStream(
        ctx.nc,
        { ids: new Set(recent.map((r) => r.id)), emails: [] },
        ctx.logger,
        2_000,
      );
      mine.streamMessages = purged.deleted;
      await this.askOthers({ op: 'retention' }, report);
      await repo.saveRun(runId, 'done', report);
    } catch (err) {
      await repo.saveRun(runId, 'failed', report).catch(() => undefined);
      throw err;
    }
    return (await repo.run(runId))!;
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
    service: keyof typeof PRIVACY_RPC_SUBJECTS,
    request: PrivacyRequest,
  ): Promise<PrivacyReply | undefined> {
    try {
      const msg = await this.deps.ctx.nc.request(
        PRIVACY_RPC_SUBJECTS[service],
        JSON.stringify(request),
        { timeout: this.deps.askTimeoutMs ?? 10_000 },
      );
      return privacyReplySchema.parse(msg.json());
    } catch (err) {
      this.deps.ctx.logger.warn(
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
      id: privacySubjectHash(this.deps.ctx.config.SESSION_SECRET, email),
    };
  }

  /** R-PRIVACY-EXPORT: every record that holds the email, in every service. */
  async exportEmail(email: string): Promise<PrivacyExport> {
    const local = await this.deps.repo.export(email);
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
    await this.deps.ctx.sequelize.transaction((tx) =>
      recordAudit(tx, this.deps.ctx.outbox, 'registrations', {
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
    const { ctx, repo } = this.deps;
    const ids = await repo.idsOfEmail(email);
    const runId = await repo.startRun('request');
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
        await ctx.sequelize.transaction((tx) =>
          ctx.outbox.add<RegistrationsErasedEvent>(tx, {
            type: EVENT_TYPES.registrationsErased,
            data: { registrationIds: ids, reason: 'request' },
          }),
        );
      await this.askOthers({ op: 'erase', email, registrationIds: ids }, report);
      await repo.saveRun(runId, 'done', report);
    } catch (err) {
      await repo.saveRun(runId, 'failed', report).catch(() => undefined);
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
    await ctx.sequelize.transaction((tx) =>
      recordAudit(tx, ctx.outbox, 'registrations', {
        actor: currentActor(),
        action: AUDIT_ACTIONS.privacyErased,
        target: this.subject(email),
        changes: { records: { before: null, after: erased } },
      }),
    );
    return { erased, report: (await repo.run(runId))! };
  }

  /** GET /api/admin/privacy/status. */
  async status(): Promise<PrivacyStatus> {
    const { repo } = this.deps;
    const lastStart = await repo.lastJobStart();
    return {
      retentionMonths: this.deps.retentionMonths,
      accessLogDays: ACCESS_LOG_RETENTION_DAYS,
      streamMaxAgeDays: STREAMS.REGISTRATIONS.maxAgeMs / DAY_MS,
      nextRunAt: new Date((lastStart ?? this.now()).getTime() + DAY_MS).toISOString(),
      lastReport: await repo.run(),
    };
  }
}
