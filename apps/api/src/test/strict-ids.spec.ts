import { ALL_PERMISSIONS } from '@loan/shared-contract';
import { createTestUser, csrfHeaders, fillParams, routeName, schemaKeys, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { createTestApp } from './test-app';

/**
 * Issue 11 item 11: ids are strict everywhere. Every id in a path, query or body of every
 * route (app.routeTable, so a new route cannot skip it) refuses what a coercion would
 * have turned into a number (`true` into 1, `0x10` into 16, `1e1` into 10, `01` into 1)
 * with a 422 naming that field.
 */
const BAD_IDS: unknown[] = ['true', true, '0x10', '1e1', '01', '1.0', '-1', ' 1', '', '١٢'];
const isIdKey = (k: string) => k === 'id' || k === 'ids' || k.endsWith('_id') || k.endsWith('_ids');

describe('strict ids on every route', () => {
  let t: TestApp;
  let admin: AuthHeaders;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'accounts' });
    // Every permission, so each request reaches validation.
    admin = (await createTestUser(t.app, ALL_PERMISSIONS)).headers;
  });
  afterAll(() => t?.close());

  it('has id fields to check (the walk is not empty)', () => {
    const withIds = t.app.routeTable.filter(
      (r) => schemaKeys(r.params).some(isIdKey) || schemaKeys(r.body).some(isIdKey) || schemaKeys(r.query).some(isIdKey),
    );
    expect(withIds.length).toBeGreaterThan(10);
  });

  it('answers 422 naming the field for every coercible non-id', async () => {
    const failures: string[] = [];
    for (const r of t.app.routeTable) {
      // A provider's signed callback (csrf: false) speaks the provider's shape: its `message_id`
      // is the gateway's reference, not one of our ids.
      if (r.csrf === false) continue;
      const headers = r.auth === 'public' ? csrfHeaders() : admin;
      const name = routeName(r);
      const check = async (where: string, key: string, bad: unknown, url: string, payload?: unknown) => {
        const res = await t.app.inject({
          method: r.method,
          url,
          headers: payload !== undefined ? { ...headers, 'content-type': 'application/json' } : headers,
          ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
        });
        const errors = res.statusCode === 422 ? (res.json().errors ?? {}) : {};
        const named = Object.keys(errors).some((k) => k === key || k.startsWith(`${key}.`));
        if (res.statusCode !== 422 || !named) failures.push(`${name} ${where} ${key}=${JSON.stringify(bad)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      };
      for (const key of schemaKeys(r.params).filter(isIdKey)) {
        for (const bad of BAD_IDS.filter((b) => typeof b === 'string' && b !== '')) {
          await check('path', key, bad, fillParams(r.url, (n) => (n === key ? (bad as string) : '1')));
        }
      }
      for (const key of schemaKeys(r.query).filter(isIdKey)) {
        for (const bad of BAD_IDS.filter((b) => typeof b === 'string')) {
          await check('query', key, bad, `${fillParams(r.url, () => '1')}?${key}=${encodeURIComponent(bad as string)}`);
        }
      }
      if (r.method !== 'GET') {
        for (const key of schemaKeys(r.body).filter(isIdKey)) {
          for (const bad of BAD_IDS) {
            const value = key.endsWith('ids') ? [bad] : bad;
            await check('body', key, bad, fillParams(r.url, () => '1'), { [key]: value });
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
