import { DEMO_PASSWORD } from '@loan/shared-contract';
import { csrfHeaders, createTestUser, type TestApp } from '@loan/shared-server/testing';
import { createTestApp } from './test-app';

/**
 * Issue 11 item 3: the rate limits hold under PARALLEL requests (the check and the count
 * are one statement). On PostgreSQL the requests really run at once (a pool of
 * connections); on PGlite they queue on its one connection, the sequential form.
 */
const N = 60;

describe('rate limits under parallel requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, ip: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: csrfHeaders(), remoteAddress: ip });

  it('checks at most 5 parallel wrong logins for one identifier and IP as credentials; the rest are 429', async () => {
    const codes = await Promise.all(
      Array.from({ length: N }, () => post('/login', { email: 'finance@demo.zm', password: 'wrong password' }, '10.1.0.1')),
    ).then((rs) => rs.map((r) => r.statusCode));
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(N - 5);
    // The right password waits out the minute too.
    expect((await post('/login', { email: 'finance@demo.zm', password: DEMO_PASSWORD }, '10.1.0.1')).statusCode).toBe(429);
  });

  it('limits failed logins per IP whatever identifiers are tried (20 a minute)', async () => {
    const codes = await Promise.all(
      Array.from({ length: N }, (_, i) => post('/login', { email: `nobody${i}@demo.zm`, password: 'wrong password' }, '10.1.0.2')),
    ).then((rs) => rs.map((r) => r.statusCode));
    expect(codes.filter((c) => c === 401)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(N - 20);
    // Another address is not affected, and a right password does not use up the address's tries.
    for (let i = 0; i < 21; i++) {
      expect((await post('/login', { email: 'admin@demo.zm', password: DEMO_PASSWORD }, '10.1.0.3')).statusCode).toBe(200);
    }
  });

  it('sends at most 5 OTP codes to one mobile however many addresses ask at once', async () => {
    const before = t.inbox.messages.filter((m) => m.purpose === 'otp').length;
    const codes = await Promise.all(
      Array.from({ length: N }, (_, i) => post('/api/web/otp/send', { mobile: '0977123456' }, `10.2.${i >> 8}.${i & 255}`)),
    ).then((rs) => rs.map((r) => r.statusCode));
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(N - 5);
    expect(t.inbox.messages.filter((m) => m.purpose === 'otp').length - before).toBe(5);
  });

  it('sends at most 3 reset e-mails an hour to one account however many addresses ask at once', async () => {
    const { headers } = await createTestUser(t.app, []);
    const email = (await t.app.inject({ method: 'GET', url: '/api/user', headers })).json().email as string;
    const codes = await Promise.all(
      Array.from({ length: N }, (_, i) => post('/api/user/forgot-password', { email }, `10.3.${i >> 8}.${i & 255}`)),
    ).then((rs) => rs.map((r) => r.statusCode));
    // The answer is the same for everyone (it must not tell who has an account)...
    expect(new Set(codes)).toEqual(new Set([200]));
    // ...but only 3 e-mails go out.
    expect(t.inbox.messages.filter((m) => m.to === email && m.purpose === 'password_reset')).toHaveLength(3);
  });
});
