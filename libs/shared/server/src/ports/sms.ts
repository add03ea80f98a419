import type { Db } from '../db';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '../db/schema';
import { recordInOutbox, type OutgoingCommon, type SentMessage } from './outbox';

export type { SentMessage } from './outbox';

export interface OutgoingSms extends OutgoingCommon {
  to: string;
  /** The sender id it goes out with (a branch's sender name); else the gateway's configured one. */
  senderId?: string;
}

/** The SMS gateway port. Pass `db` (a transaction) to record within it. */
export interface SmsPort {
  send(sms: OutgoingSms, db?: Db): Promise<SentMessage>;
  /**
   * Hands an already recorded message (`messageId`, e.g. one row of a bulk send) to the
   * provider without recording another: answers the provider and its reference, or throws.
   */
  transmit?(sms: OutgoingSms, messageId: number): Promise<Transmitted>;
}

export interface Transmitted {
  provider: string;
  providerRef: string | null;
}

/** The local default: records each SMS in the messages outbox instead of sending it. */
export class OutboxSms implements SmsPort {
  /**
   * With `sandboxReportMs`, each recorded SMS turns 'delivered' that long after, as a
   * gateway's delivery report would (a sandbox: `npm start` shows the whole life of a message).
   */
  constructor(
    private readonly db: Db,
    private readonly sandboxReportMs?: number,
  ) {}

  async send(sms: OutgoingSms, db: Db = this.db): Promise<SentMessage> {
    const sent = await recordInOutbox(db, 'sms', sms.to, sms);
    this.sandboxReport(sent.id);
    return sent;
  }

  async transmit(_sms: OutgoingSms, messageId: number): Promise<Transmitted> {
    this.sandboxReport(messageId);
    return { provider: 'outbox', providerRef: null };
  }

  private sandboxReport(messageId: number): void {
    if (this.sandboxReportMs !== undefined) {
      // On the root database: by then the sender's transaction has committed (or rolled
      // back, and nothing matches).
      setTimeout(() => {
        this.db
          .update(messages)
          .set({ status: 'delivered', deliveredAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(messages.id, messageId), eq(messages.status, 'sent')))
          .catch(() => undefined);
      }, this.sandboxReportMs).unref();
    }
  }
}
