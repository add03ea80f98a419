import { sql } from 'drizzle-orm';
import { API, APPROVALS_PATHS, P, SETTINGS_PATHS } from '@loan/shared-contract';
import { approvalsServer, queryRows } from '@loan/shared-server';
import { createTestApp, createTestUser, type TestApp } from '@loan/shared-server/testing';
import { rbacServer } from '../../index';

/** Role permission changes under maker-checker: the self-escalation rules hold through a second person. */
describe('role permission changes with a checker', () => {
  let t: TestApp;
  const idOf = async (name: string) => Number((await queryRows<{ id: string }>(t.db, sql`SELECT id FROM permissions WHERE name = ${name}`))[0].id);
  const held = async (roleId: number) =>
    (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = ${roleId} AND p.name = ${P.checkPendingActions}`))[0].n;

  beforeAll(async () => {
    t = await createTestApp({ modules: [rbacServer, approvalsServer] });
    const admin = await createTestUser(t.app, [P.editSettings]);
    const res = await t.app.inject({ method: 'PUT', url: SETTINGS_PATHS.makerChecker, headers: admin.headers, payload: { rules: [{ command: 'role.permissions', required: true }] } });
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const grant = (headers: Record<string, string>, roleId: number, ids: number[]) =>
    t.app.inject({ method: 'POST', url: `${API.roles}/assign-permission`, headers, payload: { role_id: roleId, ids } });
  const approve = (headers: Record<string, string>, id: number) => t.app.inject({ method: 'POST', url: APPROVALS_PATHS.approve.replace(':id', String(id)), headers });

  it('a grant waits (202) and is done once a second person approves it, both audited', async () => {
    const perms = [P.assignPermissions, P.viewRoles, P.checkPendingActions] as const;
    const maker = await createTestUser(t.app, [...perms]);
    const checker = await createTestUser(t.app, [...perms]);
    const target = await createTestUser(t.app, []);
    const res = await grant(maker.headers, target.roleId, [await idOf(P.checkPendingActions)]);
    expect(res.statusCode).toBe(202);
    expect(res.json().pending.summary.lines).toEqual([{ label: P.checkPendingActions, before: null, after: 'held' }]);
    expect(await held(target.roleId)).toBe(0);
    expect((await approve(checker.headers, res.json().pending.id)).statusCode).toBe(200);
    expect(await held(target.roleId)).toBe(1);
    const [a] = await queryRows<{ user_id: string; details: { checked_by: number } }>(
      t.db,
      sql`SELECT user_id, details FROM audit_log WHERE action = 'assign_permissions' AND entity_id = ${String(target.roleId)} ORDER BY id DESC LIMIT 1`,
    );
    expect({ maker: Number(a.user_id), checker: a.details.checked_by }).toEqual({ maker: maker.userId, checker: checker.userId });
  });

  it("nobody gets the checker permission onto their own role: not by asking (403 at once), not by approving a change to it", async () => {
    const perms = [P.assignPermissions, P.viewRoles, P.checkPendingActions] as const;
    const maker = await createTestUser(t.app, [...perms]);
    // Asking for one's own role: refused at once (the premise runs when the request is made).
    const own = await grant(maker.headers, maker.roleId, [await idOf(P.checkPendingActions)]);
    expect(own.statusCode).toBe(403);
    // A checker approving a change to their own role: refused, and nothing is granted.
    const checker = await createTestUser(t.app, [P.checkPendingActions, P.viewRoles]);
    const res = await grant(maker.headers, checker.roleId, [await idOf(P.assignPermissions)]);
    expect(res.statusCode).toBe(202);
    const r = await approve(checker.headers, res.json().pending.id);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe("You cannot approve a change to your own role's permissions.");
    const [n] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM role_permissions WHERE role_id = ${checker.roleId}`);
    expect(n.n).toBe(2);
    // A maker who lacks what they ask to grant: refused at approval with the reason, nothing granted.
    const weak = await createTestUser(t.app, [P.assignPermissions, P.viewRoles]);
    const target = await createTestUser(t.app, []);
    const ask = await grant(weak.headers, target.roleId, [await idOf(P.checkPendingActions)]);
    expect(ask.statusCode).toBe(403);
  });
});
