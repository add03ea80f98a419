import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { P, idParamsSchema } from '@loan/shared-contract';
import { buildServer, defineRoute, HttpError, queryRows, registerRoutes } from '@loan/shared-server';
import { csrfHeaders, loginAs, loginWithPermissions, type TestApp } from '@loan/shared-server/testing';
import { createTestApp } from './test-app';

describe('route framework', () => {
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
  });
  afterAll(() => t.close());

  it('records every registered route in app.routeTable', () => {
    expect(app.routeTable.length).toBeGreaterThan(0);
    expect(app.routeTable.some((r) => r.url === '/login' && r.method === 'POST')).toBe(true);
  });

  it('answers 404 with a message for unknown routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/could not be found/);
  });

  it('answers 419 on a state-changing request without the matching X-XSRF-TOKEN', async () => {
    const res = await app.inject({ method: 'POST', url: '/login', payload: { email: 'admin@demo.zm', password: 'x' } });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
    const h = csrfHeaders();
    const wrong = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { ...h, 'x-xsrf-token': 'other' },
      payload: { email: 'admin@demo.zm', password: 'x' },
    });
    expect(wrong.statusCode).toBe(419);
  });

  it('answers 400 for malformed JSON and 422 with field errors for invalid bodies', async () => {
    const h = csrfHeaders();
    const bad = await app.inject({ method: 'POST', url: '/login', headers: { ...h, 'content-type': 'application/json' }, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    const res = await app.inject({ method: 'POST', url: '/login', headers: h, payload: { email: 'not-an-email', password: 5 } });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors.email).toBeDefined();
    expect(body.errors.password).toBeDefined();
    expect(typeof body.message).toBe('string');
  });
});

describe('defineRoute: auth, validation, errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // A throwaway app with test routes, on the same database.
  });
  afterAll(() => t.close());

  async function appWith(routes: Parameters<typeof registerRoutes>[1]) {
    const a = await buildServer({ db: t.db, config: t.config });
    await a.register(async (scope) => registerRoutes(scope, routes));
    await a.ready();
    return a;
  }

  it('enforces 401, 403 and the permission, validates params/query/body, and maps HttpError', async () => {
    const a = await appWith([
      defineRoute({
        method: 'PUT',
        url: '/t/items/:id',
        auth: P.editRole,
        params: idParamsSchema,
        query: z.object({ q: z.string().max(5).default('') }),
        body: z.object({ name: z.string().min(1) }),
        handler: ({ params, query, body }) => {
          if (params.id === 404) throw new HttpError(404, 'Item not found.');
          return { id: params.id, q: query.q, name: body.name };
        },
      }),
    ]);
    const anon = csrfHeaders();
    expect((await a.inject({ method: 'PUT', url: '/t/items/1', headers: anon, payload: { name: 'x' } })).statusCode).toBe(401);
    const viewer = await loginAs(a, 'viewer');
    expect((await a.inject({ method: 'PUT', url: '/t/items/1', headers: viewer, payload: { name: 'x' } })).statusCode).toBe(403);
    const editor = await loginWithPermissions(a, [P.editRole]);
    const ok = await a.inject({ method: 'PUT', url: '/t/items/7?q=ab', headers: editor, payload: { name: 'x' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: 7, q: 'ab', name: 'x' });
    const bad = await a.inject({ method: 'PUT', url: '/t/items/abc?q=toolong', headers: editor, payload: { name: '' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['id', 'name', 'q']);
    expect((await a.inject({ method: 'PUT', url: '/t/items/404', headers: editor, payload: { name: 'x' } })).json()).toEqual({
      message: 'Item not found.',
    });
    await a.close();
  });

  it('expires a session after the idle time', async () => {
    const a = await appWith([defineRoute({ method: 'GET', url: '/t/me', auth: 'session', handler: ({ user }) => ({ id: user.id }) })]);
    const h = await loginAs(a, 'admin');
    expect((await a.inject({ method: 'GET', url: '/t/me', headers: h })).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '31 minutes'`);
    expect((await a.inject({ method: 'GET', url: '/t/me', headers: h })).statusCode).toBe(401);
    await a.close();
  });

  it('expires a session 12 hours after sign-in even when active', async () => {
    const a = await appWith([defineRoute({ method: 'GET', url: '/t/me2', auth: 'session', handler: () => ({}) })]);
    const h = await loginAs(a, 'admin');
    await t.db.execute(sql`UPDATE sessions SET created_at = now() - interval '12 hours 1 minute', last_seen_at = now()`);
    expect((await a.inject({ method: 'GET', url: '/t/me2', headers: h })).statusCode).toBe(401);
    await a.close();
  });

  it('applies a per-IP rate limit kept in the database', async () => {
    const a = await appWith([
      defineRoute({ method: 'GET', url: '/t/limited', auth: 'public', rateLimit: { limit: 2, windowSeconds: 60 }, handler: () => ({ ok: true }) }),
    ]);
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await a.inject({ method: 'GET', url: '/t/limited' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const [row] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM rate_limit_hits WHERE key LIKE 'route:GET /t/limited%'`);
    expect(row.n).toBe(2);
    await a.close();
  });

  it('maps database input errors to 422, never 500', async () => {
    const a = await appWith([
      defineRoute({
        method: 'GET',
        url: '/t/cast',
        auth: 'public',
        handler: async ({ db }) => queryRows(db, sql`SELECT ${'abc'}::int AS n`),
      }),
    ]);
    expect((await a.inject({ method: 'GET', url: '/t/cast' })).statusCode).toBe(422);
    await a.close();
  });
});
