import type { Db } from '../db';
import { OutboxEmail, type EmailPort } from './email';
import { OutboxSms, type SmsPort } from './sms';
import { mobileMoneyFromEnv, type MobileMoneyPort } from './mobile-money';

export * from './sms';
export * from './email';
export { SECRET_MASK, maskSecrets } from './outbox';
export * from './delivery';
export * from './mobile-money';

/** Outside systems behind ports; the defaults record in the messages outbox. */
export interface Ports {
  sms: SmsPort;
  email: EmailPort;
  /** Disbursements' mobile-money provider (the sandbox unless MOBILE_MONEY_PROVIDER says otherwise). */
  mobileMoney: MobileMoneyPort;
}

export function outboxPorts(db: Db): Ports {
  return { sms: new OutboxSms(db), email: new OutboxEmail(db), mobileMoney: mobileMoneyFromEnv() };
}
