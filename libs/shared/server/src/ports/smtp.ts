import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db';
import type { EmailPort, OutgoingEmail } from './email';
import type { SentMessage } from './outbox';
import type { Transmitted } from './sms';
import { recordAndDeliver } from './deliver';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://... (SMTP_URL). */
  url: string;
  /** The From address (MAIL_FROM). */
  from: string;
  /** Never upgrade to TLS (a local test server without certificates only). */
  ignoreTLS?: boolean;
}

/** The e-mail port over SMTP (nodemailer): recorded masked in messages, sent in clear. */
export class SmtpEmail implements EmailPort {
  private readonly transport: Transporter;

  constructor(
    private readonly db: Db,
    private readonly opts: SmtpOptions,
  ) {
    this.transport = nodemailer.createTransport({
      url: opts.url,
      ignoreTLS: opts.ignoreTLS ?? false,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  send(mail: OutgoingEmail, db: Db = this.db): Promise<SentMessage> {
    return recordAndDeliver(db, 'email', mail.to, 'smtp', mail, async () => {
      const info = await this.transport.sendMail({ from: this.opts.from, to: mail.to, subject: mail.subject, text: mail.body });
      return { providerRef: info.messageId ?? null };
    });
  }

  async transmit(mail: OutgoingEmail): Promise<Transmitted> {
    const info = await this.transport.sendMail({ from: this.opts.from, to: mail.to, subject: mail.subject, text: mail.body });
    return { provider: 'smtp', providerRef: info.messageId ?? null };
  }

  close(): void {
    this.transport.close();
  }
}
