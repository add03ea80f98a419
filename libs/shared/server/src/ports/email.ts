import type { Db } from '../db';
import { recordInOutbox, type OutgoingCommon, type SentMessage } from './outbox';
import type { Transmitted } from './sms';

export interface OutgoingEmail extends OutgoingCommon {
  to: string;
  subject: string;
}

/** The e-mail (SMTP) port. Pass `db` (a transaction) to record within it. */
export interface EmailPort {
  send(mail: OutgoingEmail, db?: Db): Promise<SentMessage>;
  /** Hands an already recorded e-mail (`messageId`, one row of a bulk send) to the provider: answers its reference, or throws. */
  transmit?(mail: OutgoingEmail, messageId: number): Promise<Transmitted>;
}

/** The local default: records each e-mail in the messages outbox instead of sending it. */
export class OutboxEmail implements EmailPort {
  constructor(private readonly db: Db) {}

  send(mail: OutgoingEmail, db: Db = this.db): Promise<SentMessage> {
    return recordInOutbox(db, 'email', mail.to, mail);
  }

  async transmit(): Promise<Transmitted> {
    return { provider: 'outbox', providerRef: null };
  }
}
