import { messages } from '../db/schema';
import type { Db } from '../db';
import type { SentMessage } from './sms';

export interface OutgoingEmail {
  to: string;
  subject: string;
  body: string;
  /** password_reset, offer_letter, communication... */
  purpose?: string;
  clientId?: number | null;
  applicationId?: number | null;
  createdBy?: number | null;
  batchId?: string | null;
}

/** The e-mail (SMTP) port. Pass `db` (a transaction) to record within it. */
export interface EmailPort {
  send(mail: OutgoingEmail, db?: Db): Promise<SentMessage>;
}

/** The local default: records each e-mail in the messages outbox instead of sending it. */
export class OutboxEmail implements EmailPort {
  constructor(private readonly db: Db) {}

  async send(mail: OutgoingEmail, db: Db = this.db): Promise<SentMessage> {
    const [row] = await db
      .insert(messages)
      .values({
        channel: 'email',
        recipient: mail.to,
        subject: mail.subject,
        body: mail.body,
        purpose: mail.purpose ?? 'communication',
        status: 'sent',
        provider: 'outbox',
        clientId: mail.clientId ?? null,
        applicationId: mail.applicationId ?? null,
        createdBy: mail.createdBy ?? null,
        batchId: mail.batchId ?? null,
        sentAt: new Date(),
      })
      .returning({ id: messages.id });
    return { id: row.id, status: 'sent', providerRef: null };
  }
}
