import {
  EVENT_TYPES,
  reportedEmailKind,
  staffLang,
  registrationNotificationSchema,
  secretLinkEventSchema,
  type EmailSentEvent,
} from '@nsa/contracts';
import {
  openLink,
  withOrganisation,
  type Logger,
  type Outbox,
  type PublicAddress,
  type Transaction,
} from '@nsa/service-kit';
import type {
  DeliveryRepository,
  ClaimedDelivery,
  Delivery,
  NewDelivery,
} from '../data-access/deliveries.js';
import type { MailTransport, OutgoingEmail } from '../data-access/smtp.js';
import { backoffMs } from './backoff.js';
import {
  LINKED_KINDS,
  approvalCalendar,
  passwordLinkEmail,
  registrationEmail,
  type Attachment,
  type Organisation,
  type RenderedEmail,
} from './templates.js';

export type { NewDelivery };

/** How the mailer sends: sender, organisation, link keys, workers and retries. */
export interface MailerSettings {
  /** The From header of organisation 1's emails; its address sends every organisation's. */
  from: string;
  /** Organisation 1's name and contact address, as the deployment gives them. */
  org: Organisation;
  /** The secrets that open sealed links: the current one, then the one before a rotation. */
  linkSecrets: readonly string[];
  /** Workers sending at once. */
  concurrency: number;
  /** Back-off: base delay, cap, and attempts before a delivery is marked failed. */
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
}

export interface MailerDeps {
  deliveries: DeliveryRepository;
  transport: MailTransport;
  outbox: Outbox;
  logger: Logger;
  settings: MailerSettings;
  /** The delivery's organisation, when it is not organisation 1 (R-ORG-EMAILS). */
  organisation: Pick<PublicAddress, 'furtherNow'>;
}

class PermanentError extends Error {}

/** The address in a From header: `"Name" <address>` or the bare address. */
export function senderAddress(from: string): string {
  return /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/** A delivery's key, (event, kind): its Message-ID too. */
const deliveryKey = (d: Delivery) => `${d.eventId}.${d.kind}`;

/**
 * Sends recorded deliveries. Each (event, kind) is sent once: it is marked
 * sent right after the SMTP server accepts it; while the server is down or
 * refuses, it is retried with exponential back-off until a final failed state.
 */
export class Mailer {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private kicked = false;
  /**
   * Deliveries the SMTP server accepted whose `sent` mark did not commit (the database went
   * away in between): when claimed again they are only marked, not sent a second time. Only a
   * crash of this process between the SMTP answer and the commit can still send one twice.
   */
  private readonly acceptedUnrecorded = new Set<string>();
  /**
   * Deliveries a worker of this process is handing to the SMTP server right now. Their row
   * lock dies with the database connection (PostgreSQL restarted mid-send), so another worker
   * may claim one again before the server answers: it leaves it (rolled back, due again) rather
   * than send it a second time, and takes it up once the send has ended one way or the other.
   */
  private readonly sending = new Set<string>();

  constructor(private readonly deps: MailerDeps) {}

  /** Emails that failed after every retry (R-OPS-METRICS). */
  countFailed(): Promise<number> {
    return this.deps.deliveries.countFailed();
  }

  /**
   * Records the emails events call for (the first record of an (event, kind) wins, and an
   * erased sign-up gets none) with one statement; they are sent once `tx` commits.
   */
  async record(tx: Transaction, deliveries: NewDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await this.deps.deliveries.recordMany(tx, deliveries);
    tx.afterCommit(() => this.kick());
  }

  /**
   * R-EMAIL-WAITLIST: an erased sign-up leaves no personal data here, and its emails not yet
   * sent are never sent (see `DeliveryRepository.eraseRegistration`).
   */
  async eraseRegistration(tx: Transaction, registrationId: number): Promise<void> {
    await this.deps.deliveries.eraseRegistration(tx, registrationId);
  }

  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  start(): { stop(): Promise<void> } {
    this.running = true;
    this.loop = this.run();
    return { stop: () => this.stop() };
  }

  async stop(): Promise<void> {
    this.running = false;
    this.kick();
    await this.loop;
    this.deps.transport.close();
  }

  /**
   * Several workers, each sending one delivery at a time inside its own transaction: two
   * round trips to PostgreSQL per email (take it; mark it and commit).
   */
  private async run(): Promise<void> {
    await Promise.all(Array.from({ length: this.deps.settings.concurrency }, () => this.worker()));
  }

  private async worker(): Promise<void> {
    while (this.running) {
      this.kicked = false;
      let sent = false;
      try {
        const claimed = await this.deps.deliveries.claimOne();
        if (claimed && this.sending.has(deliveryKey(claimed.delivery))) {
          // Another worker here is sending it (its lock went with a lost connection).
          await claimed.release();
          await new Promise((r) => setTimeout(r, 200));
        } else if (claimed) {
          sent = true;
          let marked: string | undefined;
          try {
            // R-ORG-JOBS: sent and reported as its organisation's work.
            marked = await withOrganisation(claimed.delivery.organisationId, () =>
              this.deliver(claimed),
            );
          } finally {
            // Unmarked only after an unexpected error: rolled back, due again.
            await claimed.release();
          }
          // Only once the commit succeeded.
          if (marked) this.acceptedUnrecorded.delete(marked);
        }
      } catch (err) {
        this.deps.logger.warn({ err: (err as Error).message }, 'mail worker: database error');
        await new Promise((r) => setTimeout(r, 1000));
      }
      if (sent || this.kicked) continue;
      await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise<void>((resolve) => {
      const t = setTimeout(resolve, 500);
      const previous = this.wake;
      this.wake = () => {
        clearTimeout(t);
        resolve();
        previous?.();
      };
    }).finally(() => {
      this.wake = undefined;
    });
  }

  /** Sends one delivery and marks it; answers its key when it was marked sent. */
  private async deliver(claimed: ClaimedDelivery): Promise<string | undefined> {
    const d = claimed.delivery;
    const log = this.deps.logger.child({ eventId: d.eventId, kind: d.kind, attempt: d.attempts });
    const key = deliveryKey(d);
    if (!this.acceptedUnrecorded.has(key)) {
      this.sending.add(key);
      try {
        const sender = await this.sender();
        const mail = await this.render(d, sender.org, log);
        await this.deps.transport.sendMail({
          from: sender.from,
          ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments,
          messageId: `<${key}@naschool.local>`,
        });
      } catch (err) {
        const message = (err as Error).message;
        if (err instanceof PermanentError || d.attempts >= this.deps.settings.maxAttempts) {
          await claimed.markFailed(message);
          log.error({ err: message }, 'email failed for good');
          return undefined;
        }
        const { retryBaseMs, retryMaxMs } = this.deps.settings;
        const delay = backoffMs(d.attempts, retryBaseMs, retryMaxMs);
        await claimed.retryLater(delay, message);
        log.warn({ err: message, retryInMs: delay }, 'email not sent; will retry');
        return undefined;
      } finally {
        this.sending.delete(key);
      }
      this.acceptedUnrecorded.add(key);
    }
    // Reported only where a service acts on it (`reportedEmailKind`).
    const report = reportedEmailKind(d.kind)
      ? this.deps.outbox.row<EmailSentEvent>({
          type: EVENT_TYPES.emailSent,
          data: { sourceEventId: d.eventId, kind: d.kind, registrationId: d.registrationId },
        })
      : undefined;
    await claimed.markSent(report);
    if (report) this.deps.outbox.kick();
    log.info('email sent');
    return key;
  }

  /**
   * R-ORG-EMAILS: an email speaks for its delivery's organisation. Organisation 1's go out as
   * the deployment says (MAIL_FROM, ORG_NAME, ORG_CONTACT_EMAIL); a further organisation's
   * carry its sender name (its name unless it has set one, R-ORG-SETTINGS), from the
   * deployment's sending address (one sending domain keeps the
   * mail's signatures valid), with replies to its own contact address.
   */
  private async sender(): Promise<{
    from: OutgoingEmail['from'];
    replyTo?: string;
    org: Organisation;
  }> {
    const { from, org } = this.deps.settings;
    const further = await this.deps.organisation.furtherNow();
    if (!further) return { from, org };
    return {
      from: { name: further.mailFromName ?? further.name, address: senderAddress(from) },
      replyTo: further.contactEmail,
      org: { name: further.name, contactEmail: further.contactEmail },
    };
  }

  private async render(
    d: Delivery,
    org: Organisation,
    log: Logger,
  ): Promise<RenderedEmail & { to: string; attachments: Attachment[] }> {
    if (d.kind === 'admin-welcome' || d.kind === 'password-reset') {
      const e = secretLinkEventSchema.parse(d.payload);
      const link = await this.openSealed(e.sealedLink);
      return {
        to: e.email,
        ...passwordLinkEmail(d.kind, { name: e.name }, link, staffLang(d.language), org),
        attachments: [],
      };
    }
    const n = registrationNotificationSchema.parse(d.payload);
    // R-EMAIL-WAITLIST: the parent's own link, in every email about the sign-up but a rejection.
    let link: string | undefined;
    if (n.sealedLink && d.kind !== 'registration-rejected') {
      link = await this.openSealed(n.sealedLink);
    }
    if (!link && LINKED_KINDS.includes(d.kind)) {
      throw new PermanentError("the parent's link is missing");
    }
    const attachments: Attachment[] = [];
    // Every approval's registration carries its id (the consumer records it from the event).
    if (d.kind === 'registration-approved' && d.registrationId !== null) {
      try {
        attachments.push(approvalCalendar(d.registrationId, n, d.language));
      } catch (err) {
        // A schedule no calendar can hold (R-CAL-ICS) must not cost the parent the approval.
        log.warn({ err: (err as Error).message }, 'approval sent without its calendar file');
      }
    }
    return { to: n.to, ...registrationEmail(d.kind, n, d.language, org, link), attachments };
  }

  /** Opens a link sealed by its producer; one that cannot be opened never will be. */
  private async openSealed(sealedLink: string): Promise<string> {
    const link = openLink(sealedLink, this.deps.settings.linkSecrets);
    if (!link) throw new PermanentError('sealed link could not be opened or expired');
    return link;
  }
}
