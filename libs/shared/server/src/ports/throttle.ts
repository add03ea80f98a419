import type { EmailPort } from './email';
import type { SmsPort } from './sms';

/** Waits for the next free slot of a rate; slots are handed out in call order. */
export type Throttle = () => Promise<void>;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * At most `perSecond` calls a second, evenly spaced (a provider's rate: the aggregator
 * refuses or drops what comes faster). Each call reserves the next slot at once, so callers
 * are served in the order they came: an OTP sent during a bulk send waits one slot, not the
 * whole batch. 0 (or less) means no limit.
 */
export function throttle(perSecond: number, wait: (ms: number) => Promise<void> = sleep): Throttle {
  if (!(perSecond > 0) || !Number.isFinite(perSecond)) return async () => undefined;
  const gap = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + gap;
    if (at > now) await wait(at - now);
  };
}

/** Messages a second each channel's provider takes (0: no limit). */
export interface PortRates {
  sms: number;
  email: number;
}

function throttled<P extends SmsPort | EmailPort>(port: P, take: Throttle): P {
  const send = port.send.bind(port) as (...args: unknown[]) => Promise<unknown>;
  const transmit = port.transmit?.bind(port) as ((...args: unknown[]) => Promise<unknown>) | undefined;
  return {
    send: async (...args: unknown[]) => {
      await take();
      return send(...args);
    },
    ...(transmit
      ? {
          transmit: async (...args: unknown[]) => {
            await take();
            return transmit(...args);
          },
        }
      : {}),
  } as unknown as P;
}

/**
 * The SMS and e-mail ports held to their providers' rates: every message of every sender
 * (bulk sends, repayment receipts, reminders, OTPs) passes the one throttle of its channel
 * in this process, so no job needs a pacing of its own.
 */
export function withThrottle<T extends { sms: SmsPort; email: EmailPort }>(ports: T, rates: PortRates): T {
  return {
    ...ports,
    sms: rates.sms > 0 ? throttled(ports.sms, throttle(rates.sms)) : ports.sms,
    email: rates.email > 0 ? throttled(ports.email, throttle(rates.email)) : ports.email,
  };
}
