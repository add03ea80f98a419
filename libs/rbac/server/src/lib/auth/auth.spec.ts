import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD, SESSION_COOKIE } from '@loan/shared-contract';
import { createTestApp, createTestUser, csrfHeaders, loginAs, TEST_USER_PASSWORD, type TestApp } from '@loan/shared-server/testing';
import { rbacServer } from '../../index';
import { loadConfig, queryRows } from '@loan/shared-server';

/** A browser: keeps cookies between calls and echoes the XSRF cookie, like the portal. */
function browser(t: TestApp) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    jar,
    async call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, ip = '127.0.0.1') {
      const res = await t.app.inject({
        method,
        url,
        payload: payload as never,
        remoteAddress: ip,
        headers: { cookie: cookieHeader(), ...(jar.has('XSRF-TOKEN') ? { 'x-xsrf-token': jar.get('XSRF-TOKEN') as string } : {}) },
      });
      for (const c of res.cookies) {
        if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0) || (c.expires && c.expires.getTime() < Date.now())) jar.delete(c.name);
        else jar.set(c.name, c.value);
      }
      return res;
    },
  };
}

describe('sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ modules: [rbacServer] });
  });
  afterAll(() => t.close());

  it('runs the portal sequence: csrf-cookie, login, initUserData, user, logout', async () => {
    const b = browser(t);
    expect((await b.call('GET', '/sanctum/csrf-cookie')).statusCode).toBe(204);
    const login = await b.call('POST', '/login', { email: 'admin@demo.zm', password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().status).toBe('300');
    const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash of the id is stored.
    const stored = await queryRows<{ id_hash: string }>(t.db, sql`SELECT id_hash FROM sessions`);
    expect(stored.map((s) => s.id_hash)).not.toContain(cookie?.value);

    const init = await b.call('POST', '/api/initUserData', { email: 'admin@demo.zm', password: DEMO_PASSWORD });
    expect(init.statusCode).toBe(200);
    expect(init.json()).toMatchObject({
      status: '300',
      data: { user: { fullname: 'Chanda Mwila', email: 'admin@demo.zm', unique_number: 'EMP-0001', branch: 'Lusaka' } },
    });
    expect(typeof init.json().data.user.role_id).toBe('number');

    const user = await b.call('GET', '/api/user');
    expect(user.json()).toMatchObject({ email: 'admin@demo.zm', unique_number: 'EMP-0001' });

    expect((await b.call('POST', '/logout')).statusCode).toBe(204);
    expect((await b.call('GET', '/api/user')).statusCode).toBe(401);
  });

  it('accepts the unique_number as identifier and gives a new session id at each login', async () => {
    const b = browser(t);
    await b.call('GET', '/sanctum/csrf-cookie');
    await b.call('POST', '/login', { unique_number: 'EMP-0002', password: DEMO_PASSWORD });
    const first = b.jar.get(SESSION_COOKIE);
    await b.call('POST', '/login', { unique_number: 'EMP-0002', password: DEMO_PASSWORD });
    const second = b.jar.get(SESSION_COOKIE);
    expect(first).toBeDefined();
    expect(second).not.toBe(first);
    // The old id no longer works.
    const old = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `${SESSION_COOKIE}=${first}` } });
    expect(old.statusCode).toBe(401);
    expect((await b.call('GET', '/api/user')).json().email).toBe('officer@demo.zm');
  });

  it('answers 401 with status 401 for wrong credentials, and initUserData checks them against the session user', async () => {
    const b = browser(t);
    await b.call('GET', '/sanctum/csrf-cookie');
    const bad = await b.call('POST', '/login', { email: 'admin@demo.zm', password: 'wrong' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ status: '401', message: 'These credentials do not match our records.' });
    const nobody = await b.call('POST', '/login', { email: 'nobody@demo.zm', password: 'x' });
    expect(nobody.statusCode).toBe(401);

    await b.call('POST', '/login', { email: 'viewer@demo.zm', password: DEMO_PASSWORD });
    const other = await b.call('POST', '/api/initUserData', { email: 'admin@demo.zm', password: DEMO_PASSWORD });
    expect(other.statusCode).toBe(401);
    expect(other.json().status).not.toBe('300');
  });

  it('needs the XSRF header on login (419)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/login', payload: { email: 'admin@demo.zm', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(419);
  });

  it('limits failed logins to 5 a minute per identifier and IP (429), kept in the database', async () => {
    const b = browser(t);
    await b.call('GET', '/sanctum/csrf-cookie');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await b.call('POST', '/login', { email: 'finance@demo.zm', password: 'nope' }, '10.0.0.9')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    // Even the right password waits.
    expect((await b.call('POST', '/login', { email: 'finance@demo.zm', password: DEMO_PASSWORD }, '10.0.0.9')).statusCode).toBe(429);
    // Another IP is not affected.
    expect((await b.call('POST', '/login', { email: 'finance@demo.zm', password: DEMO_PASSWORD }, '10.0.0.10')).statusCode).toBe(200);
    // A minute later it works again.
    await t.db.execute(sql`UPDATE rate_limits SET window_started_at = window_started_at - interval '61 seconds'`);
    expect((await b.call('POST', '/login', { email: 'finance@demo.zm', password: DEMO_PASSWORD }, '10.0.0.9')).statusCode).toBe(200);
  });

  it('writes audit records for login and logout', async () => {
    const rows = await queryRows<{ action: string; user_id: string | null; ip_address: string }>(
      t.db,
      sql`SELECT action, user_id, ip_address FROM audit_log WHERE action IN ('login', 'logout') ORDER BY id`,
    );
    expect(rows.some((r) => r.action === 'login' && r.user_id !== null)).toBe(true);
    expect(rows.some((r) => r.action === 'logout' && r.user_id !== null)).toBe(true);
  });
});

describe('password recovery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ modules: [rbacServer] });
  });
  afterAll(() => t.close());

  /** The link as the mailbox received it; the outbox row keeps it masked. */
  async function lastResetLink() {
    const [m] = await queryRows<{ body: string; recipient: string; purpose: string }>(
      t.db,
      sql`SELECT body, recipient, purpose FROM messages WHERE channel = 'email' ORDER BY id DESC LIMIT 1`,
    );
    const mail = t.inbox.last(m.recipient, 'password_reset');
    const url = new URL(/(http\S+)/.exec(mail?.body ?? '')?.[1] ?? '');
    const token = url.searchParams.get('token') ?? '';
    expect(m.body).not.toContain(token);
    expect(m.body).toContain('token=******');
    return { m, token, email: url.searchParams.get('email') ?? '', path: url.pathname };
  }

  it('answers the same neutral message whether or not the e-mail exists, and mails a link only to users', async () => {
    const h = csrfHeaders();
    const a = await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', headers: h, payload: { email: 'nobody@demo.zm' } });
    const b = await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', headers: h, payload: { email: 'officer@demo.zm' } });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    const [n] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM messages WHERE channel = 'email'`);
    expect(n.n).toBe(1);
    const { m, token, email, path } = await lastResetLink();
    expect(m.recipient).toBe('officer@demo.zm');
    expect(m.purpose).toBe('password_reset');
    expect(path).toBe('/password-reset');
    expect(email).toBe('officer@demo.zm');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await queryRows<{ token_hash: string }>(t.db, sql`SELECT token_hash FROM password_resets`);
    expect(stored[0].token_hash).not.toBe(token);
  });

  it('resets the password once with the token; a second use is 422', async () => {
    const { token, email } = await lastResetLink();
    const h = csrfHeaders();
    const body = { token, email, password: 'NewPass#2026', password_confirmation: 'NewPass#2026' };
    const short = await t.app.inject({ method: 'POST', url: '/api/user/password-reset', headers: h, payload: { ...body, password: 'short', password_confirmation: 'short' } });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toBeDefined();
    const ok = await t.app.inject({ method: 'POST', url: '/api/user/password-reset', headers: h, payload: body });
    expect(ok.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/user/password-reset', headers: h, payload: body });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toBeDefined();
    const login = await t.app.inject({ method: 'POST', url: '/login', headers: h, payload: { email, password: 'NewPass#2026' } });
    expect(login.json().status).toBe('300');
  });

  it('rejects an expired token and a token of another e-mail', async () => {
    const h = csrfHeaders();
    await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', headers: h, payload: { email: 'viewer@demo.zm' } });
    const { token } = await lastResetLink();
    const wrongEmail = await t.app.inject({
      method: 'POST',
      url: '/api/user/password-reset',
      headers: h,
      payload: { token, email: 'admin@demo.zm', password: 'Another#2026', password_confirmation: 'Another#2026' },
    });
    expect(wrongEmail.statusCode).toBe(422);
    await t.db.execute(sql`UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL`);
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/user/password-reset',
      headers: h,
      payload: { token, email: 'viewer@demo.zm', password: 'Another#2026', password_confirmation: 'Another#2026' },
    });
    expect(expired.statusCode).toBe(422);
  });

  it('changes the password of the signed-in user after checking the current one', async () => {
    const h = await loginAs(t.app, 'finance');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: h,
      payload: { current_password: 'nope', password: 'Changed#2026', password_confirmation: 'Changed#2026' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toBeDefined();
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: h,
      payload: { current_password: DEMO_PASSWORD, password: 'Changed#2026', password_confirmation: 'Other#2026' },
    });
    expect(mismatch.json().errors.password_confirmation).toBeDefined();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      headers: h,
      payload: { current_password: DEMO_PASSWORD, password: 'Changed#2026', password_confirmation: 'Changed#2026' },
    });
    expect(ok.statusCode).toBe(200);
    // The session that changed it stays signed in.
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: h })).statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/login', headers: csrfHeaders(), payload: { email: 'finance@demo.zm', password: 'Changed#2026' } });
    expect(login.json().status).toBe('300');
  });

  it('applies the password rule to a change: 12 characters, not common, not the identifier (422)', async () => {
    const { headers } = await createTestUser(t.app, []);
    const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers })).json();
    const change = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/change-password',
        headers,
        payload: { current_password: TEST_USER_PASSWORD, password, password_confirmation: password },
      });
    for (const [password, message] of [
      ['Short#2026', 'at least 12 characters'],
      ['Password@2026', 'too common'],
      [`${me.unique_number}-2026`, 'e-mail address or unique number'],
      [me.email, 'e-mail address or unique number'],
    ] as const) {
      const res = await change(password);
      expect([password, res.statusCode]).toEqual([password, 422]);
      expect(res.json().errors.password.join(' ')).toContain(message);
    }
    expect((await change('Kalulu runs at dawn 7')).statusCode).toBe(200);
  });

  describe('CSRF token bound to the session (issue 11 item 14)', () => {
    // Fresh users: the tests above change the demo users' passwords.
    const freshEmail = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: (await createTestUser(t.app, [])).headers })).json().email as string;
    it("refuses one browser's token and cookie with another browser's session (419)", async () => {
      const a = browser(t);
      const b = browser(t);
      for (const x of [a, b]) {
        await x.call('GET', '/sanctum/csrf-cookie');
        expect((await x.call('POST', '/login', { email: await freshEmail(), password: TEST_USER_PASSWORD })).statusCode).toBe(200);
      }
      // Each browser's own pair passes CSRF (and then fails validation: an empty body).
      expect((await a.call('POST', '/api/user/change-password', {})).statusCode).toBe(422);
      expect((await b.call('POST', '/api/user/change-password', {})).statusCode).toBe(422);
      // a's XSRF cookie and header (a matching double submit) with b's session cookie.
      const xsrf = a.jar.get('XSRF-TOKEN') as string;
      const mixed = await t.app.inject({
        method: 'POST',
        url: '/api/user/change-password',
        payload: {},
        headers: { cookie: `${SESSION_COOKIE}=${b.jar.get(SESSION_COOKIE)}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      });
      expect(mixed.statusCode).toBe(419);
      expect(mixed.json()).toEqual({ message: 'CSRF token mismatch.' });
    });

    it('rotates the token at sign-in: the token from before no longer works', async () => {
      const x = browser(t);
      await x.call('GET', '/sanctum/csrf-cookie');
      const before = x.jar.get('XSRF-TOKEN') as string;
      const login = await x.call('POST', '/login', { email: await freshEmail(), password: TEST_USER_PASSWORD });
      expect(login.statusCode).toBe(200);
      const after = x.jar.get('XSRF-TOKEN') as string;
      expect(after).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(after).not.toBe(before);
      const sid = x.jar.get(SESSION_COOKIE);
      const stale = await t.app.inject({
        method: 'POST',
        url: '/api/user/change-password',
        payload: {},
        headers: { cookie: `${SESSION_COOKIE}=${sid}; XSRF-TOKEN=${before}`, 'x-xsrf-token': before },
      });
      expect(stale.statusCode).toBe(419);
      expect((await x.call('POST', '/api/user/change-password', {})).statusCode).toBe(422);
      // Fetching the cookie again (what the portal does after a 419) binds a new token.
      await x.call('GET', '/sanctum/csrf-cookie');
      expect(x.jar.get('XSRF-TOKEN')).not.toBe(after);
      expect((await x.call('POST', '/api/user/change-password', {})).statusCode).toBe(422);
    });
  });
});

describe('session cookie over https (issue 11 item 13, COOKIE_SECURE)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ modules: [rbacServer], config: { secureCookies: true } });
  });
  afterAll(() => t.close());

  it('is Secure and __Host- prefixed; a plain-named cookie is not read', async () => {
    const b = browser(t);
    await b.call('GET', '/sanctum/csrf-cookie');
    const login = await b.call('POST', '/login', { email: 'admin@demo.zm', password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === `__Host-${SESSION_COOKIE}`);
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(cookie?.domain).toBeUndefined();
    expect(login.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(login.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
    expect((await b.call('GET', '/api/user')).statusCode).toBe(200);
    // The same id under the plain name (planted by a subdomain or a plain-http page) is ignored.
    const planted = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `${SESSION_COOKIE}=${cookie?.value}` } });
    expect(planted.statusCode).toBe(401);
  });

  it('is on by default in production, and COOKIE_SECURE decides', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).secureCookies).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: '0' }).secureCookies).toBe(false);
    expect(loadConfig({}).secureCookies).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: 'true' }).secureCookies).toBe(true);
    expect(() => loadConfig({ COOKIE_SECURE: 'maybe' })).toThrow(/COOKIE_SECURE/);
  });
});
