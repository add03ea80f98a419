import type { Db } from '../db';
import { OutboxEmail, type EmailPort } from './email';
import { OutboxSms, type SmsPort } from './sms';
import { SmtpEmail } from './smtp';
import { HttpSms } from './sms-http';
import { SMS_DELIVERY_REPORTS_URL } from './delivery-reports';
import type { Config } from '../config';
import { mobileMoneyFromEnv, type MobileMoneyPort } from './mobile-money';
import { collectionFromEnv, type CollectionPort } from './collection';

export * from './sms';
export * from './email';
export { SECRET_MASK, maskSecrets } from './outbox';
export * from './delivery';
export * from './deliver';
export * from './smtp';
export * from './sms-http';
export * from './delivery-reports';
export * from './mobile-money';
export * from './collection';
export * from './signed-callback';
export * from './throttle';
export { DemoInbox, registerDemoInbox, allSinks, DEMO_INBOX_PATH, DEMO_INBOX_MESSAGES_PATH, DEMO_INBOX_CAPACITY, type DemoInboxMessage } from './demo-inbox';

/** Outside systems behind ports; the defaults record in the messages outbox. */
export interface Ports {
  sms: SmsPort;
  email: EmailPort;
  /** Disbursements' mobile-money provider (the sandbox unless MOBILE_MONEY_PROVIDER says otherwise). */
  mobileMoney: MobileMoneyPort;
  /** Collections' request-to-pay provider (the sandbox unless COLLECTION_PROVIDER says otherwise). */
  collection: CollectionPort;
}

export function outboxPorts(db: Db): Ports {
  return { sms: new OutboxSms(db), email: new OutboxEmail(db), mobileMoney: mobileMoneyFromEnv(), collection: collectionFromEnv() };
}

/**
 * The ports the configuration asks for: an HTTP SMS gateway (SMS_PROVIDER=http) and SMTP
 * (SMTP_URL) when set, else the outbox (with sandbox delivery reports unless turned off).
 */
export function portsFromConfig(db: Db, config: Config): Ports {
  const sms: SmsPort =
    config.smsProvider === 'http' && config.smsGatewayUrl && config.smsApiKey
      ? new HttpSms(db, {
          url: config.smsGatewayUrl,
          apiKey: config.smsApiKey,
          senderId: config.smsSenderId,
          callbackUrl: config.smsCallbackToken ? `${config.publicUrl}${SMS_DELIVERY_REPORTS_URL}` : undefined,
        })
      : new OutboxSms(db, config.sandboxDeliveryReports ? 1500 : undefined);
  const email: EmailPort = config.smtpUrl
    ? new SmtpEmail(db, { url: config.smtpUrl, from: config.mailFrom, ignoreTLS: config.smtpIgnoreTls })
    : new OutboxEmail(db);
  return { sms, email, mobileMoney: mobileMoneyFromEnv(), collection: collectionFromEnv() };
}
