import { createTestApp, csrfHeaders, loginAs, loginWithPermissions, type TestApp } from '@loan/shared-server/testing';
import { rbacServer } from '../../index';

describe('start-up lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ modules: [rbacServer], demoData: 50 });
  });
  afterAll(() => t.close());

  it('lists borrowers (id, name, nrc, mobile, branch) for any signed-in user, bounded and searchable', async () => {
    const h = await loginWithPermissions(t.app, []);
    const res = await t.app.inject({ method: 'GET', url: '/api/client/all', headers: h });
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows.length).toBe(300);
    expect(Object.keys(rows[0]).sort()).toEqual(['branch', 'id', 'mobile', 'name', 'nrc']);
    expect(rows[0].nrc).toMatch(/^\d{6}\/\d{2}\/\d$/);
    expect(rows[0].mobile).toMatch(/^\+260\d{9}$/);
    expect((await t.app.inject({ method: 'GET', url: '/api/client/all?limit=5', headers: h })).json()).toHaveLength(5);
    const one = await t.app.inject({ method: 'GET', url: `/api/client/all?search=${encodeURIComponent(rows[3].nrc)}`, headers: h });
    expect(one.json().map((r: { id: number }) => r.id)).toEqual([rows[3].id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/client/all' })).statusCode).toBe(401);
  });

  it("lists the signed-in user's own recent actions", async () => {
    const admin = await loginAs(t.app, 'admin');
    await t.app.inject({ method: 'POST', url: '/api/role/create', headers: admin, payload: { name: 'History Role' } });
    const other = await loginAs(t.app, 'officer');
    const mine = (await t.app.inject({ method: 'GET', url: '/api/history/all', headers: admin })).json();
    expect(mine[0]).toMatchObject({ action: 'create', entity: 'role' });
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/history/all', headers: other })).json();
    expect(theirs).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/history/all', headers: csrfHeaders() })).statusCode).toBe(401);
  });
});
