import type { Db } from '../db';
import { recordInOutbox, type OutgoingCommon, type SentMessage } from './outbox';

export type { SentMessage } from './outbox';

export interface OutgoingSms extends OutgoingCommon {
  to: string;
}

/** The SMS gateway port. Pass `db` (a transaction) to record within it. */
export interface SmsPort {
  send(sms: OutgoingSms, db?: Db): Promise<SentMessage>;
}

/** The local default: records each SMS in the messages outbox instead of sending it. */
export class OutboxSms implements SmsPort {
  constructor(private readonly db: Db) {}

  send(sms: OutgoingSms, db: Db = this.db): Promise<SentMessage> {
    return recordInOutbox(db, 'sms', sms.to, sms);
  }
}
