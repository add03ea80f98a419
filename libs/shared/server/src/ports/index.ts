import type { Db } from '../db';
import { OutboxEmail, type EmailPort } from './email';
import { OutboxSms, type SmsPort } from './sms';

export * from './sms';
export * from './email';
export { SECRET_MASK, maskSecrets } from './outbox';
export * from './delivery';

/** Outside systems behind ports; the defaults record in the messages outbox. */
export interface Ports {
  sms: SmsPort;
  email: EmailPort;
}

export function outboxPorts(db: Db): Ports {
  return { sms: new OutboxSms(db), email: new OutboxEmail(db) };
}
