import { ALL_PERMISSIONS, type PermissionName } from '@loan/shared-contract';
import { routeNeedsAll, routePermissions } from '@loan/shared-server';
import { csrfHeaders, loginWithPermissions, type TestApp, fillParams, routeName } from '@loan/shared-server/testing';
import { createTestApp } from './test-app';

/**
 * Walks every route of app.routeTable (so a new route cannot skip it):
 * - no session: 401 (except 'public' routes);
 * - a role holding every permission except the route's: 403 (permission routes);
 * - a role holding only the route's permission (or none, for 'session' routes): neither 401 nor 403;
 * never a 5xx. Ids in paths are ids that do not exist, so nothing is touched by the probes.
 */
describe('route walk: authorization of every route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: 30 });
  });
  afterAll(() => t.close());

  it('has routes from every module, each with a declared auth', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(15);
    for (const r of t.app.routeTable) expect(r.auth).toBeDefined();
    const names = t.app.routeTable.map(routeName);
    expect(new Set(names).size).toBe(names.length);
    // No route may bypass registerRoutes (and so its auth declaration and this walk).
    expect(t.app.fastifyRoutes.length).toBe(names.length);
    expect(t.app.fastifyRoutes.filter((r) => !names.includes(r))).toEqual([]);
  });

  it('answers 419 to every state-changing route without the matching X-XSRF-TOKEN, even with a session', async () => {
    const admin = await loginWithPermissions(t.app, ALL_PERMISSIONS);
    const failures: string[] = [];
    for (const r of t.app.routeTable) {
      if (r.method === 'GET') continue;
      // A provider's server-to-server callback: public, authenticated by its own token.
      if (r.csrf === false) {
        if (r.auth !== 'public') failures.push(`${routeName(r)}: csrf off on a non-public route`);
        continue;
      }
      const url = fillParams(r.url);
      if (r.csrf === false) {
        // Server to server (a provider's signed callback): public, and refused without its signature.
        expect(r.auth).toBe('public');
        const unsigned = await t.app.inject({ method: r.method, url, payload: {} });
        if (unsigned.statusCode !== 401) failures.push(`${routeName(r)}: unsigned ${unsigned.statusCode}`);
        continue;
      }
      const missing = await t.app.inject({ method: r.method, url, headers: { cookie: admin.cookie }, payload: {} });
      const wrong = await t.app.inject({ method: r.method, url, headers: { ...admin, 'x-xsrf-token': 'forged' }, payload: {} });
      if (missing.statusCode !== 419 || wrong.statusCode !== 419) failures.push(`${routeName(r)}: ${missing.statusCode}/${wrong.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 without a session, 403 without the permission, and lets the permission through', async () => {
    const failures: string[] = [];
    const lackingCache = new Map<string, Awaited<ReturnType<typeof loginWithPermissions>>>();
    const holderCache = new Map<string, Awaited<ReturnType<typeof loginWithPermissions>>>();
    const anon = csrfHeaders();
    for (const r of t.app.routeTable) {
      if (r.auth === 'public') continue;
      const url = fillParams(r.url);
      const probe = async (headers: Record<string, string>) =>
        t.app.inject({ method: r.method, url, headers, ...(r.method === 'GET' ? {} : { payload: {} }) });

      const noSession = await probe(anon);
      if (noSession.statusCode !== 401) failures.push(`${routeName(r)} without session: ${noSession.statusCode}`);

      const perms = routePermissions(r.auth);
      const key = perms.join('|');
      if (perms.length) {
        if (!lackingCache.has(key)) {
          lackingCache.set(key, await loginWithPermissions(t.app, ALL_PERMISSIONS.filter((p) => !perms.includes(p))));
        }
        const lacking = await probe(lackingCache.get(key) as Record<string, string>);
        if (lacking.statusCode !== 403) failures.push(`${routeName(r)} lacking ${key}: ${lacking.statusCode}`);
      }
      // For anyOf, holding any one of them is enough: check each. For allOf, holding all but
      // one is refused (each in turn), holding them all lets the call through.
      if (routeNeedsAll(r.auth)) {
        for (const left of perms) {
          const partial = await loginWithPermissions(t.app, perms.filter((p) => p !== left));
          const refused = await probe(partial as Record<string, string>);
          if (refused.statusCode !== 403) failures.push(`${routeName(r)} without ${left} of allOf: ${refused.statusCode}`);
        }
      }
      for (const held of !perms.length ? [[] as PermissionName[]] : routeNeedsAll(r.auth) ? [perms] : perms.map((p) => [p])) {
        const hk = held.join('|');
        if (!holderCache.has(hk)) holderCache.set(hk, await loginWithPermissions(t.app, held));
        const holder = await probe(holderCache.get(hk) as Record<string, string>);
        if ([401, 403].includes(holder.statusCode) || holder.statusCode >= 500) {
          failures.push(`${routeName(r)} holding [${hk}]: ${holder.statusCode} ${holder.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
