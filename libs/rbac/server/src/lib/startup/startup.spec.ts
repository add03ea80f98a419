import { sql } from 'drizzle-orm';
import { CLIENT_PICKER_PERMISSIONS, P } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, createTestUser, csrfHeaders, loginAs, loginWithPermissions, type TestApp } from '@loan/shared-server/testing';
import { rbacServer } from '../../index';

describe('start-up lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ modules: [rbacServer], demoData: 50 });
  });
  afterAll(() => t.close());

  it('refuses the borrower list to users without a picker screen (403) and to anonymous callers (401)', async () => {
    const h = await loginWithPermissions(t.app, [P.viewDashboard, P.viewAllBranches, P.viewLoanApplications]);
    const res = await t.app.inject({ method: 'GET', url: '/api/client/all', headers: h });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/client/all' })).statusCode).toBe(401);
    // The demo viewer (read-only role) no longer reads the whole book.
    expect((await t.app.inject({ method: 'GET', url: '/api/client/all', headers: await loginAs(t.app, 'viewer') })).statusCode).toBe(403);
  });

  it('pages the borrowers in the list envelope with masked NRC and mobile, searchable, for the picker screens', async () => {
    for (const perm of CLIENT_PICKER_PERMISSIONS) {
      const h = await loginWithPermissions(t.app, [perm, P.viewAllBranches]);
      expect((await t.app.inject({ method: 'GET', url: '/api/client/all', headers: h })).statusCode).toBe(200);
    }
    const h = await loginWithPermissions(t.app, [P.createMessage, P.viewAllBranches]);
    const res = await t.app.inject({ method: 'GET', url: '/api/client/all?pageSize=25', headers: h });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['items', 'page', 'pageSize', 'total']);
    expect(body).toMatchObject({ page: 1, pageSize: 25 });
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM clients`);
    expect(body.total).toBe(n);
    expect(body.items).toHaveLength(25);
    expect(Object.keys(body.items[0]).sort()).toEqual(['branch', 'id', 'mobile', 'name', 'nrc']);
    for (const c of body.items) {
      expect(c.nrc).toMatch(/^\*{4}\d{2}\/\d{2}\/\d$/);
      expect(c.mobile).toMatch(/^\+\*{9}\d{3}$/);
    }
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/client/all?pageSize=25&page=2', headers: h })).json();
    expect(page2.items.map((c: { id: number }) => c.id)).not.toContain(body.items[0].id);
    // Search by name (and by the full NRC, which the staff member typed).
    const [one] = await queryRows<{ id: number; fullname: string; nrc: string }>(t.db, sql`SELECT id::int, fullname, nrc FROM clients ORDER BY id LIMIT 1`);
    const byNrc = (await t.app.inject({ method: 'GET', url: `/api/client/all?search=${encodeURIComponent(one.nrc)}`, headers: h })).json();
    expect(byNrc.items.map((r: { id: number }) => r.id)).toEqual([one.id]);
    const byName = (await t.app.inject({ method: 'GET', url: `/api/client/all?search=${encodeURIComponent(one.fullname)}`, headers: h })).json();
    expect(byName.items.map((r: { id: number }) => r.id)).toContain(one.id);
  });

  it("keeps the list in the caller's branch scope", async () => {
    const [{ id: branchId }] = await queryRows<{ id: number }>(t.db, sql`SELECT branch_id::int AS id FROM clients WHERE branch_id IS NOT NULL LIMIT 1`);
    const { headers, userId } = await createTestUser(t.app, [P.createMessage]);
    await t.db.execute(sql`UPDATE users SET branch_id = ${branchId} WHERE id = ${userId}`);
    const body = (await t.app.inject({ method: 'GET', url: '/api/client/all?pageSize=100', headers })).json();
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM clients WHERE branch_id = ${branchId}`);
    expect(body.total).toBe(n);
    const [{ name }] = await queryRows<{ name: string }>(t.db, sql`SELECT name FROM branches WHERE id = ${branchId}`);
    expect(new Set(body.items.map((c: { branch: string }) => c.branch))).toEqual(new Set([name]));
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
