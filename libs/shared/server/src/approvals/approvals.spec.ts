import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { APPROVALS_PATHS, P, SETTINGS_PATHS } from '@loan/shared-contract';
import { createTestApp, createTestUser, type AuthHeaders, type TestApp } from '../testing/harness';
import { testDriver } from '../testing/urls';
import { queryRows } from '../db/sql';
import { conflict, defineRoute, registerRoutes } from '../http';
import { defineCommand } from './command';
import { approvalsServer } from './routes';
import { expirePendingActions, runChecked } from './service';

/**
 * A test command: adds `n` to a counter row, refused while the "blocked" setting is on.
 * The counter tells how many times it ran.
 */
const addCommand = defineCommand<{ n: number; amount: string }, { total: number }>({
  name: 'test.add',
  label: 'Add to the counter',
  permission: P.editSettings,
  input: z.object({ n: z.number().int(), amount: z.string() }),
  amount: async (_db, i) => i.amount,
  summary: async (_db, _actor, i) => ({ title: `Add ${i.n}`, lines: [{ label: 'Counter', before: null, after: `+${i.n}` }], link: null, entity: 'counter', entityId: 1 }),
  premise: async (tx) => {
    const [b] = await queryRows<{ v: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM settings WHERE key = 'test.blocked') AS v`);
    if (b.v) throw conflict('The counter is blocked.');
  },
  run: async (tx, actor, i) => {
    const [r] = await queryRows<{ total: number }>(
      tx,
      sql`INSERT INTO settings (key, value) VALUES ('test.counter', to_jsonb(${i.n}::int))
          ON CONFLICT (key) DO UPDATE SET value = to_jsonb((settings.value)::int + ${i.n}::int) RETURNING (value)::int AS total`,
    );
    await tx.execute(
      sql`INSERT INTO audit_log (user_id, action, entity, entity_id, details) VALUES (${actor.audit.userId}, 'test.add', 'counter', '1',
          ${JSON.stringify({ checked_by: actor.audit.checkedBy ?? null })}::jsonb)`,
    );
    return { total: Number(r.total) };
  },
});

const testModule: FastifyPluginAsync = async (app) => {
  app.commands.register(addCommand);
  registerRoutes(app, [
    defineRoute({
      method: 'POST',
      url: '/api/test/add',
      auth: P.editSettings,
      body: addCommand.input,
      response: null,
      handler: (ctx) => runChecked(ctx, addCommand, ctx.body),
    }),
  ]);
};

describe(`maker-checker (${testDriver()})`, () => {
  let t: TestApp;
  let maker: { headers: AuthHeaders; userId: number; roleId: number };
  let checker: { headers: AuthHeaders; userId: number; roleId: number };
  let checker2: { headers: AuthHeaders; userId: number; roleId: number };
  let admin: AuthHeaders;

  const counter = async () => {
    const [r] = await queryRows<{ v: number | null }>(t.db, sql`SELECT (SELECT (value)::int FROM settings WHERE key = 'test.counter') AS v`);
    return r.v ?? 0;
  };
  const add = (h: AuthHeaders, n: number, amount = '100.00') => t.app.inject({ method: 'POST', url: '/api/test/add', headers: h, payload: { n, amount } });
  const approve = (h: AuthHeaders, id: number) => t.app.inject({ method: 'POST', url: APPROVALS_PATHS.approve.replace(':id', String(id)), headers: h });
  const setRules = (h: AuthHeaders, rules: { command: string; required: boolean; above?: string | null }[]) =>
    t.app.inject({ method: 'PUT', url: SETTINGS_PATHS.makerChecker, headers: h, payload: { rules } });

  beforeAll(async () => {
    t = await createTestApp({ modules: [approvalsServer, testModule] });
    // Maker and checkers all hold both permissions: the rule is "not your own", not "not a checker".
    maker = await createTestUser(t.app, [P.editSettings, P.checkPendingActions]);
    checker = await createTestUser(t.app, [P.editSettings, P.checkPendingActions]);
    checker2 = await createTestUser(t.app, [P.editSettings, P.checkPendingActions]);
    admin = (await createTestUser(t.app, [P.editSettings])).headers;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.execute(sql`DELETE FROM settings WHERE key IN ('test.blocked', 'test.counter', 'maker_checker')`);
    await t.db.execute(sql`UPDATE pending_actions SET status = 'rejected', reason = 'test reset', decided_at = now() WHERE status = 'pending'`);
  });

  it('runs at once while the setting does not ask for a checker; the setting lists the registered commands', async () => {
    const res = await add(maker.headers, 2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total: 2 });
    const s = await t.app.inject({ method: 'GET', url: SETTINGS_PATHS.makerChecker, headers: admin });
    expect(s.json().rules).toEqual(
      expect.arrayContaining([
        { command: 'test.add', label: 'Add to the counter', has_amount: true, required: false, above: null },
        { command: 'settings.maker_checker', label: 'Maker-checker settings', has_amount: false, required: false, above: null },
      ]),
    );
    expect((await setRules(admin, [{ command: 'nope', required: true }])).statusCode).toBe(422);
  });

  it('holds the action (202) when asked, only above the amount; approval runs it once as the maker, with both people audited', async () => {
    expect((await setRules(admin, [{ command: 'test.add', required: true, above: '1000.00' }])).statusCode).toBe(200);
    // At or below the amount: no checker.
    expect((await add(maker.headers, 1, '1000.00')).statusCode).toBe(200);
    const held = await add(maker.headers, 5, '1000.01');
    expect(held.statusCode).toBe(202);
    const body = held.json();
    expect(body).toMatchObject({ held: true, pending: { status: 'pending', command: 'test.add', mine: true, can_decide: false, summary: { title: 'Add 5' } } });
    expect(await counter()).toBe(1);
    const id = body.pending.id as number;

    // The same action while it waits: 409 with a link to the first.
    const again = await add(maker.headers, 5, '1000.01');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ pending_action_id: id, link: `/approvals/${id}` });

    // The inbox: the checker sees it and may decide; the maker sees it, not decidable; counts.
    const list = await t.app.inject({ method: 'GET', url: `${APPROVALS_PATHS.list}?status=pending`, headers: checker.headers });
    expect(list.json().items.find((i: { id: number }) => i.id === id)).toMatchObject({ can_decide: true, mine: false });
    expect((await t.app.inject({ method: 'GET', url: APPROVALS_PATHS.count, headers: checker.headers })).json()).toEqual({ count: 1 });
    expect((await t.app.inject({ method: 'GET', url: APPROVALS_PATHS.count, headers: maker.headers })).json()).toEqual({ count: 0 });

    // The maker can never approve or reject their own, though they hold the permission.
    expect((await approve(maker.headers, id)).statusCode).toBe(403);
    const ownReject = await t.app.inject({ method: 'POST', url: APPROVALS_PATHS.reject.replace(':id', String(id)), headers: maker.headers, payload: { reason: 'mine' } });
    expect(ownReject.statusCode).toBe(403);

    const ok = await approve(checker.headers, id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'approved', checker: { id: checker.userId }, maker: { id: maker.userId } });
    expect(await counter()).toBe(6);
    const audit = await queryRows<{ user_id: string; details: { checked_by: number | null } }>(t.db, sql`SELECT user_id, details FROM audit_log WHERE action = 'test.add' ORDER BY id DESC LIMIT 1`);
    expect({ user: Number(audit[0].user_id), checkedBy: audit[0].details.checked_by }).toEqual({ user: maker.userId, checkedBy: checker.userId });
    expect((await approve(checker2.headers, id)).statusCode).toBe(409);
    // Decided: the same action may be asked again.
    expect((await add(maker.headers, 5, '1000.01')).statusCode).toBe(202);
  });

  it('two checkers approving the same request at once: it runs exactly once', async () => {
    await setRules(admin, [{ command: 'test.add', required: true }]);
    const id = (await add(maker.headers, 7)).json().pending.id as number;
    const [a, b] = await Promise.all([approve(checker.headers, id), approve(checker2.headers, id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await counter()).toBe(7);
    const [row] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'pending_action.approve' AND entity_id = ${String(id)}`);
    expect(row.n).toBe(1);
  });

  it('a premise that changed meanwhile fails the approval with the reason, and nothing runs', async () => {
    await setRules(admin, [{ command: 'test.add', required: true }]);
    const id = (await add(maker.headers, 3)).json().pending.id as number;
    await t.db.execute(sql`INSERT INTO settings (key, value) VALUES ('test.blocked', 'true'::jsonb)`);
    const res = await approve(checker.headers, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not done: The counter is blocked.');
    expect(await counter()).toBe(0);
    const seen = await t.app.inject({ method: 'GET', url: APPROVALS_PATHS.byId.replace(':id', String(id)), headers: maker.headers });
    expect(seen.json()).toMatchObject({ status: 'failed', reason: 'The counter is blocked.', mine: true });
  });

  it("the maker's permission revoked meanwhile: the approval fails and nothing runs", async () => {
    await setRules(admin, [{ command: 'test.add', required: true }]);
    const m = await createTestUser(t.app, [P.editSettings]);
    const id = (await add(m.headers, 4)).json().pending.id as number;
    await t.db.execute(sql`DELETE FROM role_permissions WHERE role_id = ${m.roleId}`);
    const res = await approve(checker.headers, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/no longer holds the permission 'can edit settings'/);
    expect(await counter()).toBe(0);
  });

  it('rejecting needs a reason, and the maker sees it', async () => {
    await setRules(admin, [{ command: 'test.add', required: true }]);
    const id = (await add(maker.headers, 9)).json().pending.id as number;
    const url = APPROVALS_PATHS.reject.replace(':id', String(id));
    const bad = await t.app.inject({ method: 'POST', url, headers: checker.headers, payload: { reason: ' ' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.reason).toBeDefined();
    const ok = await t.app.inject({ method: 'POST', url, headers: checker.headers, payload: { reason: 'Not this month.' } });
    expect(ok.statusCode).toBe(200);
    const mine = await t.app.inject({ method: 'GET', url: `${APPROVALS_PATHS.list}?mine=true&status=rejected`, headers: maker.headers });
    expect(mine.json().items[0]).toMatchObject({ id, status: 'rejected', reason: 'Not this month.', can_decide: false });
    expect(await counter()).toBe(0);
  });

  it('expired requests cannot be approved, and the job marks them', async () => {
    await setRules(admin, [{ command: 'test.add', required: true }]);
    const a = (await add(maker.headers, 1)).json().pending.id as number;
    const b = (await add(maker.headers, 2)).json().pending.id as number;
    await t.db.execute(sql`UPDATE pending_actions SET expires_at = now() - interval '1 second' WHERE id IN (${a}, ${b})`);
    const res = await approve(checker.headers, a);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/expired/);
    expect(await expirePendingActions(t.db)).toBe(1);
    const [row] = await queryRows<{ status: string }>(t.db, sql`SELECT status FROM pending_actions WHERE id = ${b}`);
    expect(row.status).toBe('expired');
    expect(await counter()).toBe(0);
    expect(t.app.jobs.names).toContain('approvals.expire');
  });

  it('a user without the permission sees only their own requests and cannot decide; the setting itself can need a checker', async () => {
    const nobody = await createTestUser(t.app, [P.editSettings]);
    expect((await approve(nobody.headers, 1)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: APPROVALS_PATHS.count, headers: nobody.headers })).statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: APPROVALS_PATHS.list, headers: nobody.headers });
    expect(list.json().items.every((i: { mine: boolean }) => i.mine)).toBe(true);

    await setRules(admin, [{ command: 'settings.maker_checker', required: true }]);
    const off = await setRules(maker.headers, [{ command: 'settings.maker_checker', required: false }]);
    expect(off.statusCode).toBe(202);
    expect(off.json().pending.summary.lines).toEqual([{ label: 'Maker-checker settings', before: 'needs a checker', after: 'no checker' }]);
    expect((await approve(checker.headers, off.json().pending.id)).statusCode).toBe(200);
    const s = await t.app.inject({ method: 'GET', url: SETTINGS_PATHS.makerChecker, headers: admin });
    expect(s.json().rules.find((r: { command: string }) => r.command === 'settings.maker_checker').required).toBe(false);
  });
});
