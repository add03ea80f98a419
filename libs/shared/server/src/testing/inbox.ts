import type { DeliveredMessage, DeliverySink } from '../ports';

/**
 * The phone and mailbox of a test app: every message the ports delivered, secrets in clear,
 * newest last. Tests read OTP codes and links here, as a borrower reads their phone; the
 * outbox table only holds them masked.
 */
export class TestInbox {
  readonly messages: DeliveredMessage[] = [];
  readonly sink: DeliverySink = (m) => {
    this.messages.push(m);
  };

  /** The newest message to `to` (with that purpose, if given). */
  last(to: string, purpose?: string): DeliveredMessage | undefined {
    return this.messages.findLast((m) => m.to === to && (purpose === undefined || m.purpose === purpose));
  }
}
