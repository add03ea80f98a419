import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../db';
import type { OutgoingCommon, SentMessage } from './outbox';
import type { Ports } from './index';

/** A message as the phone or mailbox receives it: secrets in clear. */
export interface DeliveredMessage {
  channel: 'sms' | 'email';
  to: string;
  purpose: string;
  subject?: string;
  body: string;
  /** messages.id of the row staff read (masked), when the port recorded one. */
  messageId?: number;
}

export type DeliverySink = (message: DeliveredMessage) => void;

/**
 * Ports that also hand each message, in clear, to `sink`, as a real gateway would hand it
 * to the phone. Only for tests and the local e2e api: the outbox (what staff read) keeps
 * the masked body either way.
 */
export function withDelivery(ports: Ports, sink: DeliverySink): Ports {
  const transmit = ports.sms.transmit?.bind(ports.sms);
  const transmitEmail = ports.email.transmit?.bind(ports.email);
  const copy = (channel: DeliveredMessage['channel'], to: string, msg: OutgoingCommon & { subject?: string }, messageId: number) =>
    sink({ channel, to, purpose: msg.purpose ?? 'communication', body: msg.body, ...(msg.subject ? { subject: msg.subject } : {}), messageId });
  return {
    ...ports,
    sms: {
      async send(sms, db?: Db): Promise<SentMessage> {
        const sent = await ports.sms.send(sms, db);
        copy('sms', sms.to, sms, sent.id);
        return sent;
      },
      ...(transmit
        ? {
            transmit: async (sms, messageId) => {
              const done = await transmit(sms, messageId);
              copy('sms', sms.to, sms, messageId);
              return done;
            },
          }
        : {}),
    },
    email: {
      async send(mail, db?: Db): Promise<SentMessage> {
        const sent = await ports.email.send(mail, db);
        copy('email', mail.to, mail, sent.id);
        return sent;
      },
      ...(transmitEmail
        ? {
            transmit: async (mail, messageId) => {
              const done = await transmitEmail(mail, messageId);
              copy('email', mail.to, mail, messageId);
              return done;
            },
          }
        : {}),
    },
  };
}

/**
 * A sink that appends each delivered message as one JSON line to `file` (emptied first).
 * The e2e api starts with DELIVERED_MESSAGES_FILE so browser tests read codes and links
 * from the "phone" rather than from anything reachable over HTTP.
 */
export function fileDeliverySink(file: string): DeliverySink {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '');
  return (m) => appendFileSync(file, `${JSON.stringify(m)}\n`);
}
