import type { Db } from '../db';
import { recordInOutbox, type OutgoingCommon, type SentMessage } from './outbox';

export interface OutgoingEmail extends OutgoingCommon {
  to: string;
  subject: string;
}

/** The e-mail (SMTP) port. Pass `db` (a transaction) to record within it. */
export interface EmailPort {
  send(mail: OutgoingEmail, db?: Db): Promise<SentMessage>;
}

/** The local default: records each e-mail in the messages outbox instead of sending it. */
export class OutboxEmail implements EmailPort {
  constructor(private readonly db: Db) {}

  send(mail: OutgoingEmail, db: Db = this.db): Promise<SentMessage> {
    return recordInOutbox(db, 'email', mail.to, mail);
  }
}
