import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { P } from '@loan/shared-contract';
import { createTestApp, createTestUser, type TestApp } from '../testing';
import { defineRoute, registerRoutes } from './route';
import { invalidateSessions, sessionCache, SESSION_CACHE_TTL_MS } from './session-cache';
import { sha256, type SessionUser } from './session';

/** Issue 18, per-request cost: sessions cached in process, dropped by NOTIFY (migration 0920). */

const user = (id: number, roleId: number): SessionUser => ({
  id,
  roleId,
  fullname: 'A',
  email: 'a@test.zm',
  uniqueNumber: 'A-1',
  branchId: null,
  branch: null,
  permissions: new Set(),
  sessionHash: `h${id}`,
  csrfHash: null,
});

describe('the session cache', () => {
  beforeAll(() => sessionCache.listenerUp());
  afterAll(() => sessionCache.listenerDown());

  it('serves an entry for its lifetime only', () => {
    const g = sessionCache.generation;
    sessionCache.set('k1', user(1, 1), g, 1_000);
    expect(sessionCache.get('k1', 1_000 + SESSION_CACHE_TTL_MS - 1)?.id).toBe(1);
    expect(sessionCache.get('k1', 1_000 + SESSION_CACHE_TTL_MS)).toBeUndefined();
  });

  it('does not keep what a read saw before a drop (the read may predate the change)', () => {
    const g = sessionCache.generation;
    sessionCache.drop('u:999');
    sessionCache.set('k2', user(2, 2), g);
    expect(sessionCache.get('k2')).toBeUndefined();
  });

  it('drops by session, user, role and everything', () => {
    const set = (k: string, u: SessionUser) => sessionCache.set(k, u, sessionCache.generation);
    set('a', user(10, 100));
    set('b', user(11, 100));
    set('c', user(12, 101));
    set('d', user(13, 102));
    sessionCache.drop('h:a');
    expect(sessionCache.get('a')).toBeUndefined();
    sessionCache.drop('r:100');
    expect(sessionCache.get('b')).toBeUndefined();
    expect(sessionCache.get('c')?.id).toBe(12);
    sessionCache.drop('u:12');
    expect(sessionCache.get('c')).toBeUndefined();
    expect(sessionCache.get('d')?.id).toBe(13);
    sessionCache.drop('*');
    expect(sessionCache.get('d')).toBeUndefined();
  });

  it('serves nothing while no listener is connected', () => {
    sessionCache.listenerDown();
    sessionCache.set('e', user(14, 1), sessionCache.generation);
    expect(sessionCache.get('e')).toBeUndefined();
    sessionCache.listenerUp();
  });
});

const meSchema = z.object({ id: z.number() }).strict();
const plugin: FastifyPluginAsync = async (app) =>
  registerRoutes(app, [
    defineRoute({ method: 'GET', url: '/t/me', auth: 'session', response: meSchema, handler: ({ user: u }) => ({ id: u.id }) }),
    defineRoute({ method: 'GET', url: '/t/users', auth: P.viewUsersModule, response: meSchema, handler: ({ user: u }) => ({ id: u.id }) }),
  ]);

/** Polls until the answer's status is `status`; answers the milliseconds it took (NOTIFY on PostgreSQL is asynchronous). */
async function statusWithin(t: TestApp, url: string, headers: Record<string, string>, status: number, ms = 1_000): Promise<number> {
  const start = Date.now();
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url, headers });
    if (res.statusCode === status) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`${url} still answered ${res.statusCode} after ${ms} ms (wanted ${status})`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('sessions cached by the api and dropped through NOTIFY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ modules: [plugin], sessionCache: true });
  });
  afterAll(() => t?.close());

  const hashOf = (headers: Record<string, string>) => sha256(/loan_session=([^;]+)/.exec(headers['cookie'])?.[1] ?? '');

  it('serves a session from the cache after the first read', async () => {
    const { headers } = await createTestUser(t.app, []);
    expect((await t.app.inject({ method: 'GET', url: '/t/me', headers })).statusCode).toBe(200);
    expect(sessionCache.get(hashOf(headers))).toBeDefined();
  });

  it('refuses a session deleted in the database (logout, revoked) within a second', async () => {
    const { headers } = await createTestUser(t.app, []);
    expect((await t.app.inject({ method: 'GET', url: '/t/me', headers })).statusCode).toBe(200);
    await t.db.execute(sql`DELETE FROM sessions WHERE id_hash = ${hashOf(headers)}`);
    expect(await statusWithin(t, '/t/me', headers, 401)).toBeLessThan(1_000);
  });

  it('refuses a deactivated user within a second', async () => {
    const { headers, userId } = await createTestUser(t.app, []);
    expect((await t.app.inject({ method: 'GET', url: '/t/me', headers })).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE users SET active = false WHERE id = ${userId}`);
    expect(await statusWithin(t, '/t/me', headers, 401)).toBeLessThan(1_000);
  });

  it("follows a role's permissions within a second, both ways", async () => {
    const { headers, roleId } = await createTestUser(t.app, [P.viewUsersModule]);
    expect((await t.app.inject({ method: 'GET', url: '/t/users', headers })).statusCode).toBe(200);
    await t.db.execute(sql`DELETE FROM role_permissions WHERE role_id = ${roleId}`);
    expect(await statusWithin(t, '/t/users', headers, 403)).toBeLessThan(1_000);
    await t.db.execute(
      sql`INSERT INTO role_permissions (role_id, permission_id) SELECT ${roleId}, id FROM permissions WHERE name = ${P.viewUsersModule}`,
    );
    expect(await statusWithin(t, '/t/users', headers, 200)).toBeLessThan(1_000);
  });

  it('drops on invalidateSessions for a change the triggers do not see', async () => {
    const { headers, userId } = await createTestUser(t.app, []);
    expect((await t.app.inject({ method: 'GET', url: '/t/me', headers })).statusCode).toBe(200);
    await invalidateSessions(t.db, { userId });
    expect(sessionCache.get(hashOf(headers))).toBeUndefined();
  });
});
