import { messages } from '../db/schema';
import type { Db } from '../db';

export interface OutgoingSms {
  to: string;
  body: string;
  /** otp, offer_letter, communication... */
  purpose?: string;
  clientId?: number | null;
  applicationId?: number | null;
  createdBy?: number | null;
  batchId?: string | null;
}

export interface SentMessage {
  /** messages.id of the outbox record. */
  id: number;
  status: 'queued' | 'sent' | 'delivered' | 'failed';
  providerRef: string | null;
}

/** The SMS gateway port. Pass `db` (a transaction) to record within it. */
export interface SmsPort {
  send(sms: OutgoingSms, db?: Db): Promise<SentMessage>;
}

/**
 * The local default: records each SMS in the messages outbox (status 'sent',
 * provider 'outbox') instead of sending it, so staff and tests can read it.
 */
export class OutboxSms implements SmsPort {
  constructor(private readonly db: Db) {}

  async send(sms: OutgoingSms, db: Db = this.db): Promise<SentMessage> {
    const [row] = await db
      .insert(messages)
      .values({
        channel: 'sms',
        recipient: sms.to,
        body: sms.body,
        purpose: sms.purpose ?? 'communication',
        status: 'sent',
        provider: 'outbox',
        clientId: sms.clientId ?? null,
        applicationId: sms.applicationId ?? null,
        createdBy: sms.createdBy ?? null,
        batchId: sms.batchId ?? null,
        sentAt: new Date(),
      })
      .returning({ id: messages.id });
    return { id: row.id, status: 'sent', providerRef: null };
  }
}
