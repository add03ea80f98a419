import { messages } from '../db/schema';
import type { Db } from '../db';

/** What every outgoing message carries besides its channel's own fields. */
export interface OutgoingCommon {
  body: string;
  /**
   * The parts of `body` that grant access (an OTP code, a reset or contract link's token).
   * Only the delivery sees them; whatever is stored or shown (the outbox) has them masked.
   */
  secrets?: readonly string[];
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

export const SECRET_MASK = '******';

/** The body as it may be stored and shown: every secret replaced by the mask. */
export function maskSecrets(body: string, secrets: readonly string[] = []): string {
  // Longest first, so a secret that contains another (a link and its token) is masked whole.
  return [...secrets]
    .filter((s) => s.length > 0)
    .sort((a, b) => b.length - a.length)
    .reduce((text, secret) => text.split(secret).join(SECRET_MASK), body);
}

/**
 * The local default of the SMS and e-mail ports: one row in the messages outbox
 * (status 'sent', provider 'outbox') instead of a delivery, so staff and tests can read it.
 * The row holds the masked body: staff who read messages never see a usable code or link.
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
      body: maskSecrets(msg.body, msg.secrets),
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
