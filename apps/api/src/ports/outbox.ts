import { messages } from '../db/schema';
import type { Db } from '../db';

/** What every outgoing message carries besides its channel's own fields. */
export interface OutgoingCommon {
  body: string;
  /** otp, password_reset, offer_letter, communication... */
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

/**
 * The local default of the SMS and e-mail ports: one row in the messages outbox
 * (status 'sent', provider 'outbox') instead of a delivery, so staff and tests can read it.
 */
export async function recordInOutbox(
  db: Db,
  channel: 'sms' | 'email',
  recipient: string,
  msg: OutgoingCommon & { subject?: string },
): Promise<SentMessage> {
  const [row] = await db
    .insert(messages)
    .values({
      channel,
      recipient,
      subject: msg.subject ?? null,
      body: msg.body,
      purpose: msg.purpose ?? 'communication',
      status: 'sent',
      provider: 'outbox',
      clientId: msg.clientId ?? null,
      applicationId: msg.applicationId ?? null,
      createdBy: msg.createdBy ?? null,
      batchId: msg.batchId ?? null,
      sentAt: new Date(),
    })
    .returning({ id: messages.id });
  return { id: row.id, status: 'sent', providerRef: null };
}
