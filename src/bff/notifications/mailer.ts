import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { MailKind } from '../../contract/notifications';
import type { Database } from '../platform/database/schema';

/** One e-mail: always both bodies, and never a patient's name, value or result. */
export interface MailMessage {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable id (a notice's), so a message sent again after a crash is recognisably the same. */
  id?: string;
}

export type MailReceipt = { accepted: true; id: string } | { accepted: false; error: string };

/** Where mail goes: an SMTP server, or the console's own outbox when none is configured. */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<MailReceipt>;
  close(): void;
}

export interface MailSettings {
  /** `smtp://user:pass@host:587`, `smtps://…`; null keeps mail in the outbox. */
  smtpUrl: string | null;
  /** The From address, e.g. `Lab console <console@clinic.example>`. */
  from: string;
}

const ERROR_MAX = 300;

/** What went wrong, in words an admin can act on: the server's code and answer, bounded. */
function describeSendError(error: unknown): string {
  if (!(error instanceof Error)) return 'the mail server refused the message';
  const e = error as Error & { responseCode?: number; response?: string; code?: string };
  const code = e.responseCode ?? e.code;
  const text = e.response ?? e.message;
  return (code ? `${code} ${text}` : text).replace(/\s+/g, ' ').trim().slice(0, ERROR_MAX);
}

/** Mail through an SMTP server (nodemailer), a small pool of connections reused between messages. */
export class SmtpMailer implements Mailer {
  readonly transport = 'smtp';
  private readonly transporter: Transporter<SMTPPool.SentMessageInfo, SMTPPool.Options>;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly messageIdDomain: string,
  ) {
    const options: SMTPPool.Options = {
      url: smtpUrl,
      pool: true,
      maxConnections: 3,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    };
    this.transporter = nodemailer.createTransport(options);
  }

  async send(message: MailMessage): Promise<MailReceipt> {
    const id = message.id ?? randomUUID();
    try {
      await this.transporter.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${id}@${this.messageIdDomain}>`,
        headers: { 'x-console-mail-kind': message.kind },
      });
      return { accepted: true, id };
    } catch (error) {
      return { accepted: false, error: describeSendError(error) };
    }
  }

  close() {
    this.transporter.close();
  }
}

/**
 * Without an SMTP server (`npm start` on a laptop) mail is kept in the console's
 * database, where an admin reads it, rather than going silently nowhere.
 */
export class OutboxMailer implements Mailer {
  readonly transport = 'outbox';

  constructor(private readonly db: Kysely<Database>) {}

  async send(message: MailMessage): Promise<MailReceipt> {
    const id = message.id ?? randomUUID();
    await this.db
      .insertInto('mail_outbox')
      .values({
        id,
        kind: message.kind,
        recipient: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        created_at: Date.now(),
      })
      // The same notice sent again after a restart is the same message.
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return { accepted: true, id };
  }

  close() {}
}

export function createMailer(db: Kysely<Database>, settings: MailSettings, publicUrl: string) {
  if (!settings.smtpUrl) return new OutboxMailer(db);
  return new SmtpMailer(settings.smtpUrl, settings.from, new URL(publicUrl).hostname || 'console');
}
