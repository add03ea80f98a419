import { sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, P } from '@loan/shared-contract';
import { createTestApp, createTestUser, loginAs, loginWithPermissions, type TestApp } from '@loan/shared-server/testing';
import { rbacServer } from '../../index';
import { queryRows } from '@loan/shared-server';

describe('roles and permissions', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  beforeAll(async () => {
    t = await createTestApp({ modules: [rbacServer] });
    admin = await loginAs(t.app, 'admin');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url, headers, payload });

  it('lists the whole permission catalog', async () => {
    const res = await call('GET', '/api/permission/all');
    expect(res.statusCode).toBe(200);
    const names = res.json().map((p: { name: string }) => p.name);
    expect(new Set(names)).toEqual(new Set(ALL_PERMISSIONS));
    expect((await call('GET', '/api/permission')).json()).toHaveLength(ALL_PERMISSIONS.length);
  });

  it('creates, finds, renames and deletes a role, with audit records', async () => {
    const created = await call('POST', '/api/role/create', { name: 'Auditor', permissions: [P.viewDashboard, P.viewReportsModule] });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const byId = await call('GET', `/api/role/byId/${id}`);
    expect(byId.json()).toMatchObject({ id, name: 'Auditor' });
    expect(byId.json().allpermissions.map((p: { name: string }) => p.name).sort()).toEqual([P.viewReportsModule, P.viewDashboard].sort());

    expect((await call('POST', '/api/role/create', { name: 'auditor' })).statusCode).toBe(422);
    expect((await call('POST', '/api/role/create', { name: 'X', permissions: ['no such permission'] })).statusCode).toBe(422);

    const renamed = await call('PUT', '/api/role/update', { id, name: 'Internal Auditor' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('Internal Auditor');
    expect((await call('PUT', '/api/role/update', { id: 999999, name: 'Ghost' })).statusCode).toBe(404);
    expect((await call('PUT', '/api/role/update', { id, name: 'Viewer' })).statusCode).toBe(422);

    const all = await call('GET', '/api/role/all');
    expect(all.json().map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['Administrator', 'Internal Auditor']));
    const found = await call('GET', '/api/role/search?search=intern&relations=permissions');
    expect(found.json().map((r: { name: string }) => r.name)).toEqual(['Internal Auditor']);
    expect((await call('GET', '/api/role/search?search=%25')).json()).toEqual([]);

    const del = await call('DELETE', '/api/role/delete', { ids: [id] });
    expect(del.statusCode).toBe(200);
    expect((await call('GET', `/api/role/byId/${id}`)).statusCode).toBe(404);
    const audits = await queryRows<{ action: string }>(t.db, sql`SELECT action FROM audit_log WHERE entity = 'role' ORDER BY id`);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('keeps a validated description: set on create, changed on update, unchanged when left out, audited before → after', async () => {
    const created = await call('POST', '/api/role/create', { name: 'Branch cashier', description: '  Takes repayments at the counter.  ' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect(created.json().data.description).toBe('Takes repayments at the counter.');
    expect((await call('POST', '/api/role/create', { name: 'Plain' })).json().data.description).toBe('');

    const tooLong = await call('PUT', '/api/role/update', { id, name: 'Branch cashier', description: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(422);
    expect(JSON.stringify(tooLong.json())).toContain('The description may have at most 500 characters.');
    expect((await call('PUT', '/api/role/update', { id, name: 'Branch cashier', description: 'bad\u0000text' })).statusCode).toBe(422);
    expect((await call('PUT', '/api/role/update', { id, name: 'Branch cashier', description: 42 })).statusCode).toBe(422);

    const changed = await call('PUT', '/api/role/update', { id, name: 'Branch cashier', description: 'Takes repayments.\nPrints receipts.' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.description).toBe('Takes repayments.\nPrints receipts.');
    const renamedOnly = await call('PUT', '/api/role/update', { id, name: 'Counter cashier' });
    expect(renamedOnly.json().data).toMatchObject({ name: 'Counter cashier', description: 'Takes repayments.\nPrints receipts.' });
    expect((await call('GET', '/api/role/all')).json().find((r: { id: number }) => r.id === id).description).toBe('Takes repayments.\nPrints receipts.');

    const audits = await queryRows<{ action: string; before: unknown; after: unknown }>(
      t.db,
      sql`SELECT action, before, after FROM audit_log WHERE entity = 'role' AND entity_id = ${String(id)} ORDER BY id`,
    );
    expect(audits).toEqual([
      { action: 'create', before: null, after: { name: 'Branch cashier', description: 'Takes repayments at the counter.' } },
      { action: 'update', before: { description: 'Takes repayments at the counter.' }, after: { description: 'Takes repayments.\nPrints receipts.' } },
      { action: 'update', before: { name: 'Branch cashier' }, after: { name: 'Counter cashier' } },
    ]);
    // The database keeps the limit too, whoever writes.
    await expect(t.db.execute(sql`UPDATE roles SET description = ${'y'.repeat(501)} WHERE id = ${id}`)).rejects.toThrow();
  });

  it('assigns and revokes permissions by id, and the change applies to the next request', async () => {
    const { headers, roleId } = await createTestUser(t.app, []);
    expect((await call('GET', '/api/role/all', undefined, headers)).statusCode).toBe(403);
    const perms = (await call('GET', '/api/permission/all')).json() as { id: number; name: string }[];
    const viewRoles = perms.find((p) => p.name === P.viewRoles);
    const assign = await call('POST', '/api/role/assign-permission', { role_id: roleId, ids: [viewRoles?.id] });
    expect(assign.statusCode).toBe(200);
    expect(assign.json().data.allpermissions.map((p: { name: string }) => p.name)).toEqual([P.viewRoles]);
    expect((await call('GET', '/api/role/all', undefined, headers)).statusCode).toBe(200);
    const revoke = await call('POST', '/api/role/revoke-permission', { role_id: roleId, ids: [viewRoles?.id] });
    expect(revoke.json().data.allpermissions).toEqual([]);
    expect((await call('GET', '/api/role/all', undefined, headers)).statusCode).toBe(403);
    expect((await call('POST', '/api/role/assign-permission', { role_id: roleId, ids: [999999] })).statusCode).toBe(422);
    expect((await call('POST', '/api/role/assign-permission', { role_id: 999999, ids: [viewRoles?.id] })).statusCode).toBe(404);
    // One audit row per change (the refused ones wrote none), naming the permissions.
    const audits = await queryRows<{ action: string; details: unknown; user_id: string | number }>(
      t.db,
      sql`SELECT action, details, user_id FROM audit_log WHERE entity = 'role' AND entity_id = ${String(roleId)} ORDER BY id`,
    );
    expect(audits.map((a) => [a.action, a.details])).toEqual([
      ['assign_permissions', { permission_ids: [viewRoles?.id], permissions: [P.viewRoles] }],
      ['revoke_permissions', { permission_ids: [viewRoles?.id], permissions: [P.viewRoles] }],
    ]);
    expect(audits.every((a) => Number(a.user_id) > 0)).toBe(true);
  });

  it('writes a permission change and its audit row together, or neither', async () => {
    const { roleId } = await createTestUser(t.app, []);
    const viewRoles = ((await call('GET', '/api/permission/all')).json() as { id: number; name: string }[]).find((p) => p.name === P.viewRoles)?.id;
    // The audit insert fails inside the change's transaction: the grant goes with it.
    await t.db.execute(sql`CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused'; END $$`);
    await t.db.execute(sql`CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()`);
    try {
      const res = await call('POST', '/api/role/assign-permission', { role_id: roleId, ids: [viewRoles] });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`DROP TRIGGER test_refuse_audit ON audit_log`);
      await t.db.execute(sql`DROP FUNCTION test_refuse_audit()`);
    }
    expect((await call('GET', `/api/role/byId/${roleId}`)).json().allpermissions).toEqual([]);
  });

  it('lets a user load their own role without "can view roles", but no other role', async () => {
    const { headers, roleId } = await createTestUser(t.app, [P.viewDashboard]);
    const own = await call('GET', `/api/role/byId/${roleId}`, undefined, headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().allpermissions.map((p: { name: string }) => p.name)).toEqual([P.viewDashboard]);
    const adminRole = (await call('GET', '/api/role/all')).json().find((r: { name: string }) => r.name === 'Administrator');
    expect((await call('GET', `/api/role/byId/${adminRole.id}`, undefined, headers)).statusCode).toBe(403);
  });

  it('refuses to delete a role that still has users, or unknown roles, all-or-nothing', async () => {
    const roles = (await call('GET', '/api/role/all')).json() as { id: number; name: string; users_count: number }[];
    const viewer = roles.find((r) => r.name === 'Viewer');
    expect(viewer?.users_count).toBe(1);
    const created = (await call('POST', '/api/role/create', { name: 'Temp' })).json().data.id;
    expect((await call('DELETE', '/api/role/delete', { ids: [created, viewer?.id] })).statusCode).toBe(409);
    expect((await call('DELETE', '/api/role/delete', { ids: [created, 999999] })).statusCode).toBe(404);
    expect((await call('GET', `/api/role/byId/${created}`)).statusCode).toBe(200);
  });

  it('checks each action against its own permission', async () => {
    const onlyView = await loginWithPermissions(t.app, [P.viewRoles]);
    expect((await call('POST', '/api/role/create', { name: 'Nope' }, onlyView)).statusCode).toBe(403);
    expect((await call('PUT', '/api/role/update', { id: 1, name: 'Nope' }, onlyView)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/role/delete', { ids: [1] }, onlyView)).statusCode).toBe(403);
    expect((await call('POST', '/api/role/assign-permission', { role_id: 1, ids: [1] }, onlyView)).statusCode).toBe(403);
    expect((await call('POST', '/api/role/revoke-permission', { role_id: 1, ids: [1] }, onlyView)).statusCode).toBe(403);
  });

  describe('self-escalation (issue 11 item 9, NOTES.md "Users and roles")', () => {
    const permId = async (name: string) =>
      ((await call('GET', '/api/permission/all')).json() as { id: number; name: string }[]).find((p) => p.name === name)?.id as number;

    it('grants only permissions the granter holds, on create and on assign (403, nothing written)', async () => {
      const granter = await createTestUser(t.app, [P.assignPermissions, P.addRole, P.viewRoles]);
      const target = await createTestUser(t.app, []);
      const held = await permId(P.viewRoles);
      const notHeld = await permId(P.deleteRole);

      const denied = await call('POST', '/api/role/assign-permission', { role_id: target.roleId, ids: [held, notHeld] }, granter.headers);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe(`You can only grant permissions you hold. You do not hold: ${P.deleteRole}.`);
      expect((await call('GET', `/api/role/byId/${target.roleId}`)).json().allpermissions).toEqual([]);
      expect((await call('POST', '/api/role/assign-permission', { role_id: target.roleId, ids: [held] }, granter.headers)).statusCode).toBe(200);

      const created = await call('POST', '/api/role/create', { name: 'Escalated', permissions: [P.viewRoles, P.deleteRole] }, granter.headers);
      expect(created.statusCode).toBe(403);
      expect((await call('GET', '/api/role/search?search=Escalated')).json()).toEqual([]);
      expect((await call('POST', '/api/role/create', { name: 'Modest', permissions: [P.viewRoles] }, granter.headers)).statusCode).toBe(201);
    });

    it('lets nobody change their own role, not even an administrator (403)', async () => {
      const granter = await createTestUser(t.app, [P.assignPermissions, P.revokePermissions, P.viewRoles]);
      const own = await call('POST', '/api/role/assign-permission', { role_id: granter.roleId, ids: [await permId(P.viewRoles)] }, granter.headers);
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe('You cannot change the permissions of your own role.');
      const adminRole = (await call('GET', '/api/role/all')).json().find((r: { name: string }) => r.name === 'Administrator');
      const revokeOwn = await call('POST', '/api/role/revoke-permission', { role_id: adminRole.id, ids: [await permId(P.viewRoles)] });
      expect(revokeOwn.statusCode).toBe(403);
    });

    it('keeps the last user holding every permission (409), and allows it while another remains', async () => {
      const adminRole = (await call('GET', '/api/role/all')).json().find((r: { name: string }) => r.name === 'Administrator');
      const second = await createTestUser(t.app, ALL_PERMISSIONS);
      const viewRoles = await permId(P.viewRoles);
      const fullAdmins = async () =>
        (
          await queryRows<{ n: number }>(
            t.db,
            sql`SELECT count(*)::int AS n FROM users u WHERE u.active
                 AND (SELECT count(*) FROM role_permissions rp WHERE rp.role_id = u.role_id) = (SELECT count(*) FROM permissions)`,
          )
        )[0].n;
      expect(await fullAdmins()).toBe(2);
      // The demo admin takes a permission from the second full administrator's role: one remains.
      expect((await call('POST', '/api/role/revoke-permission', { role_id: second.roleId, ids: [viewRoles] })).statusCode).toBe(200);
      expect(await fullAdmins()).toBe(1);
      // The second (no longer full) administrator may still revoke, but not from the last full one.
      const last = await call('POST', '/api/role/revoke-permission', { role_id: adminRole.id, ids: [viewRoles] }, second.headers);
      expect(last.statusCode).toBe(409);
      expect(last.json().message).toContain('The last full administrator keeps them.');
      expect(await fullAdmins()).toBe(1);
    });

    it('keeps one full administrator when the last two revoke each other at once (one 200, one 409)', async () => {
      const a = await createTestUser(t.app, ALL_PERMISSIONS);
      const b = await createTestUser(t.app, ALL_PERMISSIONS);
      const viewRoles = await permId(P.viewRoles);
      // Only a and b hold every permission now (this is the file's last test: the demo admin goes).
      await t.db.execute(sql`UPDATE users SET active = false WHERE email = 'admin@demo.zm'`);
      await t.db.execute(
        sql`DELETE FROM role_permissions WHERE role_id IN (SELECT role_id FROM users WHERE active AND id NOT IN (${a.userId}, ${b.userId}))`,
      );
      const codes = (
        await Promise.all([
          call('POST', '/api/role/revoke-permission', { role_id: b.roleId, ids: [viewRoles] }, a.headers),
          call('POST', '/api/role/revoke-permission', { role_id: a.roleId, ids: [viewRoles] }, b.headers),
        ])
      ).map((r) => r.statusCode);
      expect(codes.sort()).toEqual([200, 409]);
      const [{ n }] = await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM users u WHERE u.active
             AND (SELECT count(*) FROM role_permissions rp WHERE rp.role_id = u.role_id) = (SELECT count(*) FROM permissions)`,
      );
      expect(n).toBe(1);
    });
  });
});
