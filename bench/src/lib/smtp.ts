// An SMTP server of the tool's own, passed to the stack as SMTP_URL: it counts every message
// by Message-ID (the notifier's is `<eventId.kind@naschool.local>`), so a second send of the
// same email is seen, and records when each arrived and for whom.
import { SMTPServer } from 'smtp-server';

export interface Received {
  messageId: string;
  to: string;
  at: number;
  /** The whole message as sent, when the capture keeps messages (`keepMessages`). */
  raw?: string;
}

export class SmtpCapture {
  private server: SMTPServer | undefined;
  readonly received: Received[] = [];
  private readonly byId = new Map<string, number>();
  private waiters: Array<() => void> = [];

  /**
   * `keepMessages`: keep each message whole (up to 256 KiB), for tests that follow a link in
   * it; by default only the headers are read, so a long load run keeps little.
   */
  constructor(
    readonly port: number,
    private readonly opts: { keepMessages?: boolean } = {},
  ) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      size: 1024 * 1024,
      onData: (stream, session, callback) => {
        let head = '';
        let done = false;
        const limit = this.opts.keepMessages ? 256 * 1024 : 64 * 1024;
        stream.on('data', (chunk: Buffer) => {
          if (done) return;
          head += chunk.toString('utf8');
          if (head.length > limit) done = true;
          else if (!this.opts.keepMessages && head.includes('\r\n\r\n')) done = true;
        });
        stream.on('end', () => {
          const headers = head.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
          const messageId = /^message-id:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? '(none)';
          const to = session.envelope.rcptTo.map((r) => r.address).join(',');
          this.received.push({
            messageId,
            to,
            at: Date.now(),
            ...(this.opts.keepMessages ? { raw: head } : {}),
          });
          this.byId.set(messageId, (this.byId.get(messageId) ?? 0) + 1);
          const waiters = this.waiters;
          this.waiters = [];
          for (const w of waiters) w();
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server.on('error', () => undefined);
  }

  /** The emails of one kind (the notifier's Message-ID `<eventId.kind@…>`) that reached `to`. */
  sentTo(to: string, kind: string): Received[] {
    return this.received.filter((m) => m.to === to && m.messageId.includes(`.${kind}@`));
  }

  /** Distinct Message-IDs seen. */
  get unique(): number {
    return this.byId.size;
  }

  /** Message-IDs that arrived more than once. */
  duplicates(): string[] {
    return [...this.byId].filter(([, n]) => n > 1).map(([id]) => id);
  }

  /** Resolves when `count` distinct messages have arrived, or after `timeoutMs` (false). */
  async waitForUnique(count: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.unique < count) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 1000));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return true;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
