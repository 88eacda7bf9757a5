import nodemailer from 'nodemailer';

/** An email as it leaves for the SMTP server. */
export interface OutgoingEmail {
  from: string | { name: string; address: string };
  /** Where a reply goes, when not to the sender (a further organisation's contact address). */
  replyTo?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; content: string; contentType: string }[];
  messageId: string;
}

/** The mailer's way out to the SMTP server. */
export interface MailTransport {
  /** Resolves once the server accepted the email; rejects when it did not. */
  sendMail(email: OutgoingEmail): Promise<unknown>;
  /** Closes its connections (the service is stopping). */
  close(): void;
}

/**
 * A pool of SMTP connections to `url`, at most `concurrency` (up to 5) at once. A server that
 * does not answer in time fails the attempt, and the mailer retries it.
 */
export function smtpTransport(url: string, concurrency: number): MailTransport {
  return nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: Math.min(concurrency, 5),
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 15_000,
  });
}
