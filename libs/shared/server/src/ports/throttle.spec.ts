import { loadConfig } from '../config';
import type { SmsPort } from './sms';
import { throttle, withThrottle } from './throttle';

describe('throttle', () => {
  it('spaces calls to the rate, in the order they came', async () => {
    const waits: number[] = [];
    const take = throttle(10, async (ms) => {
      waits.push(Math.round(ms / 10) * 10);
    });
    await Promise.all([take(), take(), take()]);
    // The first goes at once; the next two wait 100 and 200 ms (10 a second).
    expect(waits).toEqual([100, 200]);
  });

  it('0 means no limit', async () => {
    const take = throttle(0, async () => {
      throw new Error('never waits');
    });
    await Promise.all(Array.from({ length: 50 }, () => take()));
  });

  it('holds a port to its provider rate for send and transmit alike', async () => {
    const calls: string[] = [];
    const sms: SmsPort = {
      send: async (m) => {
        calls.push(`send ${m.to}`);
        return { id: 1, status: 'sent', providerRef: null };
      },
      transmit: async (m) => {
        calls.push(`transmit ${m.to}`);
        return { provider: 'fake', providerRef: null };
      },
    };
    const ports = withThrottle({ sms, email: { send: sms.send as never } }, { sms: 20, email: 0 });
    const started = Date.now();
    await Promise.all([ports.sms.transmit?.({ to: 'a', body: 'x' }, 1), ports.sms.send({ to: 'b', body: 'x' }), ports.sms.transmit?.({ to: 'c', body: 'x' }, 2)]);
    // Three at 20 a second: the third leaves 100 ms after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(calls).toEqual(['transmit a', 'send b', 'transmit c']);
  });
});

describe("the providers' rates (configuration)", () => {
  it('defaults per provider, set by environment, refuses nonsense', () => {
    const http = { SMS_PROVIDER: 'http', SMS_GATEWAY_URL: 'http://gw.test/send', SMS_API_KEY: 'k' };
    expect(loadConfig(http).smsRatePerSecond).toBe(20);
    expect(loadConfig({}).smsRatePerSecond).toBe(0);
    expect(loadConfig({ ...http, SMS_RATE_PER_SECOND: '5' }).smsRatePerSecond).toBe(5);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.test' }).emailRatePerSecond).toBe(10);
    expect(loadConfig({}).emailRatePerSecond).toBe(0);
    expect(() => loadConfig({ SMS_RATE_PER_SECOND: 'fast' })).toThrow(/SMS_RATE_PER_SECOND/);
  });
});
