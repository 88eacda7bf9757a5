import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface Received {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachments: { filename: string; contentType: string; content: string }[];
  raw: string;
}

/** A real SMTP server on a fixed port that keeps what it receives; it can go down and come back. */
export class TestSmtp {
  readonly received: Received[] = [];
  /** The recipient of each message whose data arrived, accepted or still held. */
  readonly arrived: string[] = [];
  private server: SMTPServer | undefined;
  private gate: Promise<void> | undefined;

  /**
   * Holds every message's answer (the client waits for the server to accept it) until the
   * returned function is called.
   */
  hold(): () => void {
    let open!: () => void;
    this.gate = new Promise<void>((resolve) => (open = resolve));
    return () => {
      this.gate = undefined;
      open();
    };
  }

  constructor(readonly port: number) {}

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          this.arrived.push(session.envelope.rcptTo[0]?.address ?? '');
          await this.gate;
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then(
            (m) => {
              const to = Array.isArray(m.to) ? m.to[0] : m.to;
              this.received.push({
                to: to?.value[0]?.address ?? '',
                subject: m.subject ?? '',
                text: m.text ?? '',
                html: typeof m.html === 'string' ? m.html : '',
                messageId: m.messageId ?? '',
                attachments: m.attachments.map((a) => ({
                  filename: a.filename ?? '',
                  contentType: a.contentType,
                  content: a.content.toString('utf8'),
                })),
                raw,
              });
              callback();
            },
            (err: Error) => callback(err),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}
