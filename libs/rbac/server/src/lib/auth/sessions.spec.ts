import { createTestApp, createTestUser, csrfHeaders, TEST_USER_PASSWORD, type TestApp } from '@loan/shared-server/testing';
import { SESSION_COOKIE } from '@loan/shared-contract';
import { rbacServer } from '../../index';

/** Issue 11 item 15: a user sees their active sessions and signs out one or all others. */
describe('active sessions of the signed-in user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ modules: [rbacServer] });
  });
  afterAll(() => t.close());

  /** Signs in from a "device" (IP and user agent) and answers its cookie and XSRF headers. */
  async function signIn(email: string, ip: string, agent: string) {
    const csrf = csrfHeaders();
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email, password: TEST_USER_PASSWORD },
      headers: { ...csrf, 'user-agent': agent },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(200);
    const sid = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value as string;
    return { cookie: `${SESSION_COOKIE}=${sid}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  }

  it('lists them with device, IP and last use; ends one, then all but the current one', async () => {
    const { headers: setup } = await createTestUser(t.app, []);
    const email = (await t.app.inject({ method: 'GET', url: '/api/user', headers: setup })).json().email as string;
    const laptop = await signIn(email, '10.5.0.1', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130');
    const phone = await signIn(email, '10.5.0.2', 'Mozilla/5.0 (Linux; Android 14) Mobile Chrome/130');
    const tablet = await signIn(email, '10.5.0.3', 'Mozilla/5.0 (iPad; CPU OS 17_0)');
    const other = await createTestUser(t.app, []);

    const list = await t.app.inject({ method: 'GET', url: '/api/user/sessions', headers: laptop });
    expect(list.statusCode).toBe(200);
    const rows = list.json() as { id: string; ip_address: string; user_agent: string; current: boolean; last_seen_at: string }[];
    // The setup session (made by the harness) is the fourth.
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({ current: true, ip_address: '10.5.0.1', user_agent: expect.stringContaining('Linux x86_64') });
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    expect(rows.map((r) => r.ip_address)).toEqual(expect.arrayContaining(['10.5.0.2', '10.5.0.3']));
    for (const r of rows) {
      expect(r.id).toMatch(/^[0-9a-f]{16}$/);
      expect(Number.isNaN(Date.parse(r.last_seen_at))).toBe(false);
    }

    // Another user cannot end them, nor see them.
    const phoneId = rows.find((r) => r.ip_address === '10.5.0.2')?.id as string;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/sessions/${phoneId}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: phone })).statusCode).toBe(200);
    // Not the current one by this call (sign out is for that), and nothing malformed.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/sessions/${rows[0].id}`, headers: laptop })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/sessions/xyz`, headers: laptop })).statusCode).toBe(422);

    // Ending the phone's session signs the phone out at once.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/sessions/${phoneId}`, headers: laptop })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: phone })).statusCode).toBe(401);

    // Sign out everywhere else: the tablet and the setup session go, the laptop stays.
    const others = await t.app.inject({ method: 'POST', url: '/api/user/sessions/revoke-others', headers: laptop });
    expect(others.json()).toMatchObject({ count: 2 });
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: tablet })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: setup })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: laptop })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/sessions', headers: laptop })).json()).toHaveLength(1);
    // The other user's session was never touched.
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: other.headers })).statusCode).toBe(200);
  });
});
