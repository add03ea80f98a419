import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { API, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@loan/shared-contract';
import { createEmptyPgDatabase } from '@loan/shared-server/testing';
import { cookieOf, exitOf, freePort, startApi, waitReady } from './test/api-process';

/**
 * Several api instances on one PostgreSQL (README, Operations): the api keeps no state of
 * its own, so a session started through one instance is accepted by another, and a logout
 * through either ends it for both. Real processes (`main.ts`), real HTTP, one database.
 * PostgreSQL only (`nx run api:test-pg`): embedded PGlite is one process by nature.
 */
const base = process.env['TEST_DATABASE_URL'];
const onPg = process.env['DB_DRIVER'] === 'pg' && !!base;

(onPg ? describe : describe.skip)('two api processes on one PostgreSQL database', () => {
  let url: string;
  let drop: () => Promise<void>;
  const procs: ChildProcess[] = [];
  let ports: number[] = [];

  beforeAll(async () => {
    ({ url, drop } = await createEmptyPgDatabase(base, 't_scale'));
    ports = [await freePort(), await freePort()];
    // Started together: migrations take an advisory lock, the seed runs once.
    for (const port of ports) procs.push(startApi({ databaseUrl: url, port }));
    await Promise.all(ports.map((p) => waitReady(p)));
  }, 180_000);

  afterAll(async () => {
    for (const p of procs) p.kill('SIGTERM');
    await Promise.all(procs.map(exitOf));
    await drop();
  });

  async function signIn(base: string, email: string): Promise<Record<string, string>> {
    const xsrf = cookieOf(await fetch(`${base}${API.csrfCookie}`), CSRF_COOKIE) as string;
    const login = await fetch(`${base}${API.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${CSRF_COOKIE}=${xsrf}`, [CSRF_HEADER]: xsrf },
      body: JSON.stringify({ email, password: 'Demo#2026' }),
    });
    expect(login.status).toBe(200);
    const after = cookieOf(login, CSRF_COOKIE) ?? xsrf;
    return { cookie: `${SESSION_COOKIE}=${cookieOf(login, SESSION_COOKIE)}; ${CSRF_COOKIE}=${after}`, [CSRF_HEADER]: after };
  }

  /** Milliseconds until the url answers 401 (each instance caches sessions; NOTIFY drops them). */
  async function refusedWithin(target: string, headers: Record<string, string>, ms = 2_000): Promise<number> {
    const start = Date.now();
    while ((await fetch(target, { headers })).status !== 401) {
      if (Date.now() - start > ms) throw new Error(`${target} still accepted the session after ${ms} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return Date.now() - start;
  }

  it('accepts on instance B a session signed in through instance A, and a logout through B ends it on A', async () => {
    const [a, b] = ports.map((p) => `http://127.0.0.1:${p}`);
    const csrf = await fetch(`${a}${API.csrfCookie}`);
    const xsrf = cookieOf(csrf, CSRF_COOKIE) as string;
    const login = await fetch(`${a}${API.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${CSRF_COOKIE}=${xsrf}`, [CSRF_HEADER]: xsrf },
      body: JSON.stringify({ email: 'admin@demo.zm', password: 'Demo#2026' }),
    });
    expect(login.status).toBe(200);
    const session = cookieOf(login, SESSION_COOKIE) as string;
    const xsrfAfter = cookieOf(login, CSRF_COOKIE) ?? xsrf;
    expect(session).toBeTruthy();
    const headers = { cookie: `${SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${xsrfAfter}`, [CSRF_HEADER]: xsrfAfter };

    const onB = await fetch(`${b}${API.user}`, { headers });
    expect(onB.status).toBe(200);
    expect((await onB.json()).email).toBe('admin@demo.zm');
    expect((await fetch(`${a}${API.user}`, { headers })).status).toBe(200);

    // A served it a moment ago, so A holds it in its session cache: the logout's NOTIFY drops it.
    const logout = await fetch(`${b}${API.logout}`, { method: 'POST', headers });
    expect(logout.status).toBeLessThan(300);
    expect(await refusedWithin(`${a}${API.user}`, headers)).toBeLessThan(1_000);
  });

  it('refuses on both instances, within a second, a user deactivated in the database', async () => {
    const [a, b] = ports.map((p) => `http://127.0.0.1:${p}`);
    const headers = await signIn(a, 'officer@demo.zm');
    for (const base of [a, b]) expect((await fetch(`${base}${API.user}`, { headers })).status).toBe(200);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      await db.query(`UPDATE users SET active = false WHERE email = 'officer@demo.zm'`);
      const took = await Promise.all([a, b].map((base) => refusedWithin(`${base}${API.user}`, headers)));
      expect(Math.max(...took)).toBeLessThan(1_000);
    } finally {
      await db.query(`UPDATE users SET active = true WHERE email = 'officer@demo.zm'`);
      await db.end();
    }
  });

  it('stops gracefully on SIGTERM and the other instance keeps answering', async () => {
    const [first, second] = procs;
    first.kill('SIGTERM');
    expect(await exitOf(first)).toBe(0);
    expect((await fetch(`http://127.0.0.1:${ports[1]}/health/ready`)).status).toBe(200);
    expect(second.exitCode).toBeNull();
  });
});
