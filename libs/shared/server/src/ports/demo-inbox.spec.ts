import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { queryRows } from '../db/sql';
import { createTestApp, type TestApp } from '../testing';
import { DEMO_INBOX_SCRIPT } from './demo-inbox-page';
import { DemoInbox, DEMO_INBOX_MESSAGES_PATH, DEMO_INBOX_PATH, type DemoInboxMessage } from './demo-inbox';
import { SECRET_MASK } from './outbox';

describe('demo inbox: when it exists', () => {
  it('is on by default only in development with the local adapters', () => {
    expect(loadConfig({}).demoInbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demoInbox).toBe(true);
    expect(loadConfig({ DEMO_INBOX: '0' }).demoInbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y' }).demoInbox).toBe(false);
    // A real provider turns the default off: codes then reach real phones and mailboxes.
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.zm:587' }).demoInbox).toBe(false);
    expect(loadConfig({ SMS_PROVIDER: 'http', SMS_GATEWAY_URL: 'https://sms.example.zm/send', SMS_API_KEY: 'k' }).demoInbox).toBe(false);
    expect(loadConfig({ MOBILE_MONEY_PROVIDER: 'mtn' }).demoInbox).toBe(false);
  });

  it('refuses to start with NODE_ENV=production or beside a real provider when asked for', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_INBOX: '1' })).toThrow(/refused with NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_INBOX: 'on', ALLOW_EMBEDDED_DB: '1' })).toThrow(/NODE_ENV=production/);
    expect(() => loadConfig({ DEMO_INBOX: '1', SMTP_URL: 'smtp://mail.example.zm:587' })).toThrow(/SMTP_URL is set/);
    expect(() => loadConfig({ DEMO_INBOX: '1', MOBILE_MONEY_PROVIDER: 'mtn' })).toThrow(/MOBILE_MONEY_PROVIDER=mtn/);
    expect(() => loadConfig({ DEMO_INBOX: 'maybe' })).toThrow(/DEMO_INBOX must be/);
    expect(() => loadConfig({ MOBILE_MONEY_PROVIDER: 'airtel' })).toThrow(/MOBILE_MONEY_PROVIDER must be/);
  });
});

describe('demo inbox: off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'none' });
  });
  afterAll(() => t?.close());

  it('answers 404 on every one of its paths', async () => {
    expect(t.config.demoInbox).toBe(false);
    for (const url of [DEMO_INBOX_PATH, DEMO_INBOX_MESSAGES_PATH, `${DEMO_INBOX_PATH}/inbox.js`]) {
      expect([url, (await t.app.inject({ method: 'GET', url })).statusCode]).toEqual([url, 404]);
    }
  });
});

describe('demo inbox: on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'none', config: { demoInbox: true } });
  });
  afterAll(() => t?.close());

  const inbox = async (): Promise<DemoInboxMessage[]> => {
    const res = await t.app.inject({ method: 'GET', url: DEMO_INBOX_MESSAGES_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return (res.json() as { messages: DemoInboxMessage[] }).messages;
  };

  it('shows each message in clear, newest first, while the outbox row stays masked', async () => {
    const link = 'http://localhost:4300/loan-offer-letter/AbCdEf0123456789AbCdEf0123456789';
    const sms = await t.app.ports.sms.send({ to: '+260971000001', body: 'Your code is 123456.', secrets: ['123456'], purpose: 'otp' });
    const mail = await t.app.ports.email.send({ to: 'new.user@example.zm', subject: 'Set your password', body: `Open ${link} to sign.`, secrets: [link], purpose: 'password_reset' });
    const shown = await inbox();
    expect(shown.map((m) => [m.channel, m.to, m.subject, m.body, m.purpose, m.status])).toEqual([
      ['email', 'new.user@example.zm', 'Set your password', `Open ${link} to sign.`, 'password_reset', 'sent'],
      ['sms', '+260971000001', null, 'Your code is 123456.', 'otp', 'sent'],
    ]);
    expect(Date.parse(shown[0].at)).not.toBeNaN();
    const rows = await queryRows<{ id: number; body: string }>(t.db, sql`SELECT id, body FROM messages WHERE id IN (${sms.id}, ${mail.id}) ORDER BY id`);
    expect(rows.map((r) => r.body)).toEqual([`Your code is ${SECRET_MASK}.`, `Open ${SECRET_MASK} to sign.`]);
  });

  it('leaves out a message whose transaction rolled back (its code never worked)', async () => {
    await t.db
      .transaction(async (tx) => {
        await t.app.ports.sms.send({ to: '+260971000002', body: 'Your code is 654321.', secrets: ['654321'], purpose: 'otp' }, tx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await inbox()).map((m) => m.to)).not.toContain('+260971000002');
  });

  it('serves its page and script under the CSP (script from self, no inline script)', async () => {
    const page = await t.app.inject({ method: 'GET', url: DEMO_INBOX_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.body).toContain('<script src="/dev/inbox/inbox.js" defer></script>');
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
    const script = await t.app.inject({ method: 'GET', url: `${DEMO_INBOX_PATH}/inbox.js` });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(() => new Function(script.body)).not.toThrow();
    expect(script.body).not.toContain('innerHTML');
  });
});

describe('DemoInbox store', () => {
  it('keeps the newest messages up to its capacity', () => {
    const store = new DemoInbox(3);
    for (let i = 1; i <= 5; i++) store.sink({ channel: 'sms', to: `+26097100000${i}`, purpose: 'communication', body: `m${i}` });
    return store.list({} as never).then((list) => expect(list.map((m) => m.body)).toEqual(['m5', 'm4', 'm3']));
  });

  it('has a script that parses', () => {
    expect(() => new Function(DEMO_INBOX_SCRIPT)).not.toThrow();
  });
});
