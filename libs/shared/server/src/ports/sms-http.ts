import type { Db } from '../db';
import type { OutgoingSms, SmsPort, Transmitted } from './sms';
import type { SentMessage } from './outbox';
import { recordAndDeliver } from './deliver';

export const HTTP_SMS_PROVIDER = 'http-sms';

export interface HttpSmsOptions {
  /** The aggregator's send endpoint (SMS_GATEWAY_URL). */
  url: string;
  /** SMS_API_KEY: sent as the api_key field and the X-API-Key header. */
  apiKey: string;
  /** The registered sender id, at most 11 characters (SMS_SENDER_ID). */
  senderId: string;
  /** Where the gateway posts delivery reports (our /api/communication/sms/delivery-reports). */
  callbackUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Zambian numbers to the international form the gateways want: 260XXXXXXXXX. */
export function msisdn(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('260')) return digits;
  if (digits.startsWith('0')) return `260${digits.slice(1)}`;
  if (digits.length === 9) return `260${digits}`;
  return digits;
}

/**
 * The SMS port over an HTTP gateway in the shape Zambian aggregators share: a JSON POST
 * with the sender id, the recipient, the message and the API key; the answer carries the
 * gateway's message id (message_id, messageId, id or reference), which its delivery report
 * quotes later. Recorded masked in messages, sent in clear.
 */
export class HttpSms implements SmsPort {
  constructor(
    private readonly db: Db,
    private readonly opts: HttpSmsOptions,
  ) {}

  send(sms: OutgoingSms, db: Db = this.db): Promise<SentMessage> {
    return recordAndDeliver(db, 'sms', sms.to, HTTP_SMS_PROVIDER, sms, () => this.post(sms));
  }

  async transmit(sms: OutgoingSms): Promise<Transmitted> {
    return { provider: HTTP_SMS_PROVIDER, ...(await this.post(sms)) };
  }

  private async post(sms: OutgoingSms): Promise<{ providerRef: string | null }> {
    const doFetch = this.opts.fetch ?? fetch;
    const res = await doFetch(this.opts.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': this.opts.apiKey },
      body: JSON.stringify({
        api_key: this.opts.apiKey,
        sender_id: sms.senderId ?? this.opts.senderId,
        recipient: msisdn(sms.to),
        message: sms.body,
        ...(this.opts.callbackUrl ? { callback_url: this.opts.callbackUrl } : {}),
      }),
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    let answer: Record<string, unknown> = {};
    try {
      answer = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new Error('SMS gateway answered without JSON');
    }
    const ref = answer['message_id'] ?? answer['messageId'] ?? answer['id'] ?? answer['reference'];
    const status = String(answer['status'] ?? '').toLowerCase();
    if (['failed', 'error', 'rejected'].includes(status)) throw new Error(`SMS gateway rejected the message (${status})`);
    return { providerRef: ref === undefined || ref === null ? null : String(ref) };
  }
}
