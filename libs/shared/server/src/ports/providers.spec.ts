import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/harness';
import { messages } from '../db/schema';
import { SmtpEmail } from './smtp';
import { msisdn } from './sms-http';
import { OutboxSms } from './sms';
import { SECRET_MASK } from './outbox';
import { SMS_DELIVERY_REPORTS_URL } from './delivery-reports';

const TOKEN = 'callback-token-0123456789';

interface Received {
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

/** A fake SMS aggregator: records each POST, answers with a message id (or a 500). */
function fakeGateway() {
  const received: Received[] = [];
  let failNext = false;
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      received.push({ body: JSON.parse(data), headers: req.headers });
      if (failNext) {
        failNext = false;
        res.writeHead(500).end('boom');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'queued', message_id: `GW-${received.length}` }));
    });
  });
  return {
    received,
    failOnce: () => (failNext = true),
    listen: () => new Promise<string>((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}/send`))),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function row(t: TestApp, id: number) {
  const [r] = await t.db.select().from(messages).where(eq(messages.id, id));
  return r;
}

describe('message providers', () => {
  let t: TestApp;
  const gateway = fakeGateway();
  let gatewayUrl: string;
  beforeAll(async () => {
    gatewayUrl = await gateway.listen();
    t = await createTestApp({
      seed: 'none',
      config: { smsProvider: 'http', smsGatewayUrl: gatewayUrl, smsApiKey: 'key-123', smsSenderId: 'LENDER', smsCallbackToken: TOKEN },
    });
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });

  it('msisdn: Zambian numbers in the international form', () => {
    expect(msisdn('0971234567')).toBe('260971234567');
    expect(msisdn('+260 97 123 4567')).toBe('260971234567');
    expect(msisdn('971234567')).toBe('260971234567');
  });

  describe('HTTP SMS gateway', () => {
    it('posts sender id, recipient, message (secrets in clear) and the API key; the row is masked and sent', async () => {
      const sent = await t.app.ports.sms.send({ to: '0971234567', body: 'Your code is 123456', secrets: ['123456'], purpose: 'otp' });
      expect(sent.status).toBe('sent');
      const req = gateway.received[gateway.received.length - 1];
      expect(req.body).toMatchObject({ api_key: 'key-123', sender_id: 'LENDER', recipient: '260971234567', message: 'Your code is 123456' });
      expect(req.body['callback_url']).toMatch(/\/api\/communication\/sms\/delivery-reports$/);
      expect(req.headers['x-api-key']).toBe('key-123');
      const r = await row(t, sent.id);
      expect(r).toMatchObject({ status: 'sent', provider: 'http-sms', providerRef: sent.providerRef, body: `Your code is ${SECRET_MASK}` });
      expect(r.sentAt).not.toBeNull();
    });

    it("a message's own sender id (a branch's sender name) goes out instead of the configured one", async () => {
      await t.app.ports.sms.transmit?.({ to: '0971234567', body: 'From the branch', senderId: 'KITWE LOANS' }, 1);
      expect(gateway.received[gateway.received.length - 1].body).toMatchObject({ sender_id: 'KITWE LOANS', message: 'From the branch' });
    });

    it('a gateway error fails the message, with the error and not the body', async () => {
      gateway.failOnce();
      const sent = await t.app.ports.sms.send({ to: '0971234567', body: 'Hello' });
      expect(sent.status).toBe('failed');
      expect(await row(t, sent.id)).toMatchObject({ status: 'failed', error: 'SMS gateway answered 500' });
    });

    it('delivery reports: token required, idempotent, never undo delivered', async () => {
      const sent = await t.app.ports.sms.send({ to: '0971234567', body: 'Report me' });
      const ref = String(sent.providerRef);
      const post = (payload: object, headers: Record<string, string> = { 'x-callback-token': TOKEN }, query = '') =>
        t.app.inject({ method: 'POST', url: `${SMS_DELIVERY_REPORTS_URL}${query}`, headers, payload });
      expect((await post({ message_id: ref, status: 'DELIVRD' }, {})).statusCode).toBe(401);
      expect((await post({ message_id: ref, status: 'DELIVRD' }, { 'x-callback-token': 'wrong-token-0123456789' })).statusCode).toBe(401);
      expect((await post({ status: 'DELIVRD' })).statusCode).toBe(422);
      expect((await post({ message_id: ref })).statusCode).toBe(422);
      expect((await post({ message_id: ref, status: 'ENROUTE' })).json()).toEqual({ updated: 0 });
      const first = await post({ message_id: ref, status: 'DELIVRD' }, {}, `?token=${TOKEN}`);
      expect(first.json()).toEqual({ updated: 1 });
      expect(await row(t, sent.id)).toMatchObject({ status: 'delivered' });
      expect((await post({ message_id: ref, status: 'DELIVRD' })).json()).toEqual({ updated: 0 });
      expect((await post({ message_id: ref, status: 'FAILED' })).json()).toEqual({ updated: 0 });
      expect((await row(t, sent.id)).deliveredAt).not.toBeNull();
      expect((await post({ message_id: 'unknown', status: 'DELIVRD' })).json()).toEqual({ updated: 0 });
    });

    it('a failed report fails a sent message once', async () => {
      const sent = await t.app.ports.sms.send({ to: '0971234567', body: 'Fail me' });
      const post = (status: string) =>
        t.app.inject({ method: 'POST', url: SMS_DELIVERY_REPORTS_URL, headers: { 'x-callback-token': TOKEN }, payload: { messageId: sent.providerRef, status } });
      expect((await post('UNDELIV')).json()).toEqual({ updated: 1 });
      expect(await row(t, sent.id)).toMatchObject({ status: 'failed', error: 'undeliv' });
      expect((await post('UNDELIV')).json()).toEqual({ updated: 0 });
    });
  });

  describe('SMTP (nodemailer against a local smtp-server)', () => {
    const mails: Array<{ to: string[]; raw: string }> = [];
    let server: SMTPServer;
    let port: number;
    beforeAll(async () => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, session, callback) {
          let raw = '';
          stream.on('data', (c: Buffer) => (raw += c.toString()));
          stream.on('end', () => {
            mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
            callback();
          });
        },
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      port = (server.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise<void>((r) => server.close(() => r()));
    });

    it('sends the e-mail in clear and records it masked, with the message id', async () => {
      const smtp = new SmtpEmail(t.db, { url: `smtp://127.0.0.1:${port}`, from: 'Lender <no-reply@lender.zm>', ignoreTLS: true });
      const link = 'http://localhost/reset/secret-token-abc';
      const sent = await smtp.send({ to: 'client@example.zm', subject: 'Reset', body: `Open ${link}`, secrets: [link], purpose: 'password_reset' });
      smtp.close();
      expect(sent.status).toBe('sent');
      const mail = mails[mails.length - 1];
      expect(mail.to).toEqual(['client@example.zm']);
      expect(mail.raw).toContain('secret-token-abc');
      expect(mail.raw).toContain('Subject: Reset');
      expect(await row(t, sent.id)).toMatchObject({ status: 'sent', provider: 'smtp', body: `Open ${SECRET_MASK}`, providerRef: sent.providerRef });
      expect(sent.providerRef).toMatch(/@/);
    });

    it('an unreachable server fails the message', async () => {
      const smtp = new SmtpEmail(t.db, { url: 'smtp://127.0.0.1:1', from: 'x@lender.zm', ignoreTLS: true });
      const sent = await smtp.send({ to: 'client@example.zm', subject: 'Hi', body: 'Hello' });
      smtp.close();
      expect(sent.status).toBe('failed');
      expect((await row(t, sent.id)).error).toMatch(/ECONNREFUSED|connect/i);
    });
  });

  it('the outbox with sandbox delivery reports turns a recorded SMS delivered', async () => {
    const outbox = new OutboxSms(t.db, 50);
    const sent = await outbox.send({ to: '0971234567', body: 'Sandbox' });
    expect(sent.status).toBe('sent');
    for (let i = 0; i < 100 && (await row(t, sent.id)).status !== 'delivered'; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(await row(t, sent.id)).toMatchObject({ status: 'delivered', provider: 'outbox' });
  });
});
