import { sql } from 'drizzle-orm';
import { DISBURSEMENTS_PATHS, P, autoRuleDryRunSchema, autoRuleListSchema, autoRuleRunListSchema, autoRuleSchema } from '@loan/shared-contract';
import { queryRows, SandboxMobileMoney, schema } from '@loan/shared-server';
import { createTestApp, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { transactionsServer } from '../../index';
import { runRule } from './auto';

let t: TestApp;
let all: AuthHeaders;
let viewer: AuthHeaders;
let branchId: number;
let seq = 0;

const url = (path: string, id: number | string) => path.replace(':id', String(id));
const body = (over: Record<string, unknown> = {}) => ({ name: 'Small loans', kind: 'any', branch_id: null, min_amount: '100', max_amount: '5,000.50', daily_limit: '', ...over });

async function payableLoan(amount: string, mobile?: string): Promise<number> {
  seq++;
  mobile ??= `0955${String(seq).padStart(6, '0')}`;
  const [a] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO loan_applications (reference_code, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status, approved_at)
        VALUES (${`LA-2026-8${String(seq).padStart(5, '0')}`}, 'Rule Borrower', '123456/78/9', ${mobile}, ${amount}, 6, ${amount}, 'approved', now()) RETURNING id`,
  );
  await t.db.execute(sql`INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months, terms_conditions,
                                                    authorized_rep_name, authorized_rep_date, expires_at, signed_at)
        VALUES (${a.id}, ${`rules-${seq}-${Math.random()}`}, 'signed', ${amount}, ${amount}, 6, 't', 'Rep', '2026-01-01', now() + interval '7 days', now())`);
  return Number(a.id);
}

const auditCount = async (action: string, id: number) =>
  (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action} AND entity_id = ${String(id)}`))[0].n;

async function create(over: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: DISBURSEMENTS_PATHS.autoRules, headers: all, payload: body(over) });
  expect(res.statusCode).toBe(201);
  return autoRuleSchema.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp({ modules: [transactionsServer], ports: { mobileMoney: new SandboxMobileMoney(0) } });
  [branchId] = (await queryRows<{ id: string }>(t.db, sql`SELECT id FROM branches ORDER BY id LIMIT 1`)).map((b) => Number(b.id));
  all = await loginWithPermissions(t.app, [P.viewTransactionModule, P.viewAutoDisburse, P.addAutoDisburse, P.editAutoDisburse, P.deleteAutoDisburse]);
  viewer = await loginWithPermissions(t.app, [P.viewTransactionModule, P.viewAutoDisburse]);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.execute(sql`UPDATE loan_applications SET status = 'closed' WHERE status = 'approved'`);
});

describe(`POST ${DISBURSEMENTS_PATHS.autoRules}`, () => {
  it('adds a rule with exact amounts and an audit row; no list without a session, 403 without "can add auto disburse"', async () => {
    expect((await t.app.inject({ method: 'GET', url: DISBURSEMENTS_PATHS.autoRules })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: DISBURSEMENTS_PATHS.autoRules, headers: viewer, payload: body() })).statusCode).toBe(403);
    const rule = await create({ branch_id: String(branchId), daily_limit: '20000' });
    expect(rule).toMatchObject({ name: 'Small loans', kind: 'any', branch_id: branchId, min_amount: '100.00', max_amount: '5000.50', daily_limit: '20000.00', active: true, paid_today: '0.00', last_runs: [] });
    expect(rule.branch_name).toEqual(expect.any(String));
    expect(await auditCount('auto_disburse_rule.create', rule.id)).toBe(1);
  });

  it('refuses bad input with 422 naming each field, and saves nothing', async () => {
    const before = (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM auto_disburse_rules`))[0].n;
    const res = await t.app.inject({ method: 'POST', url: DISBURSEMENTS_PATHS.autoRules, headers: all, payload: body({ name: 'x', kind: 'loan', max_amount: '12.345', daily_limit: '-1' }) });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['daily_limit', 'kind', 'max_amount', 'name']);
    const range = await t.app.inject({ method: 'POST', url: DISBURSEMENTS_PATHS.autoRules, headers: all, payload: body({ min_amount: '600', max_amount: '500' }) });
    expect(range.statusCode).toBe(422);
    expect(Object.keys(range.json().errors)).toEqual(['max_amount']);
    const branch = await t.app.inject({ method: 'POST', url: DISBURSEMENTS_PATHS.autoRules, headers: all, payload: body({ branch_id: 999999 }) });
    expect(branch.statusCode).toBe(422);
    expect(Object.keys(branch.json().errors)).toEqual(['branch_id']);
    // Ids are strict: '' is not "all branches" (null is).
    const blank = await t.app.inject({ method: 'POST', url: DISBURSEMENTS_PATHS.autoRules, headers: all, payload: body({ branch_id: '' }) });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors)).toEqual(['branch_id']);
    const malformed = await t.app.inject({ method: 'POST', url: DISBURSEMENTS_PATHS.autoRules, headers: { ...all, 'content-type': 'application/json' }, payload: '{"name":' });
    expect(malformed.statusCode).toBeLessThan(500);
    expect((await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM auto_disburse_rules`))[0].n).toBe(before);
  });
});

describe(`GET ${DISBURSEMENTS_PATHS.autoRules}`, () => {
  it('lists the rules with what each paid today and its last runs; 403 without "can view auto disburse"', async () => {
    const rule = await create({ name: 'Listed rule' });
    const loan = await payableLoan('250.00');
    await runRule(t.db, t.app.ports, (await t.db.select().from(schema.autoDisburseRules).where(sql`id = ${rule.id}`))[0], null);
    const res = await t.app.inject({ method: 'GET', url: DISBURSEMENTS_PATHS.autoRules, headers: viewer });
    expect(res.statusCode).toBe(200);
    const listed = autoRuleListSchema.parse(res.json()).items.find((r) => r.id === rule.id);
    expect(listed?.paid_today).toBe('250.00');
    expect(listed?.last_runs).toHaveLength(1);
    expect(listed?.last_runs[0].paid).toEqual([expect.objectContaining({ application_id: loan, amount: '250.00' })]);
    const noView = await loginWithPermissions(t.app, [P.viewTransactionModule]);
    expect((await t.app.inject({ method: 'GET', url: DISBURSEMENTS_PATHS.autoRules, headers: noView })).statusCode).toBe(403);
  });
});

describe(`PUT ${DISBURSEMENTS_PATHS.autoRule}`, () => {
  it('edits a rule and audits what changed; 403 without "can edit auto disburse", 404 unknown, 422 bad', async () => {
    const rule = await create({ name: 'Before edit' });
    const put = (headers: AuthHeaders, id: number | string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: url(DISBURSEMENTS_PATHS.autoRule, id), headers, payload });
    expect((await put(viewer, rule.id, body({ name: 'After edit' }))).statusCode).toBe(403);
    const res = await put(all, rule.id, body({ name: 'After edit', kind: 'topup', daily_limit: '900' }));
    expect(res.statusCode).toBe(200);
    expect(autoRuleSchema.parse(res.json())).toMatchObject({ name: 'After edit', kind: 'topup', daily_limit: '900.00' });
    const [row] = await queryRows<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      t.db,
      sql`SELECT before, after FROM audit_log WHERE action = 'auto_disburse_rule.update' AND entity_id = ${String(rule.id)}`,
    );
    expect(row.after).toMatchObject({ name: 'After edit', kind: 'topup', dailyLimit: '900.00' });
    expect(row.before).toMatchObject({ name: 'Before edit' });
    expect((await put(all, 999999, body())).statusCode).toBe(404);
    expect((await put(all, rule.id, body({ max_amount: '' }))).statusCode).toBe(422);
    expect((await put(all, 'abc', body())).statusCode).toBe(422);
  });
});

describe(`DELETE ${DISBURSEMENTS_PATHS.autoRule}`, () => {
  it('deletes with an audit row; 403 without "can delete auto disburse", 404 when gone', async () => {
    const rule = await create({ name: 'To delete' });
    const del = (headers: AuthHeaders) => t.app.inject({ method: 'DELETE', url: url(DISBURSEMENTS_PATHS.autoRule, rule.id), headers });
    const editor = await loginWithPermissions(t.app, [P.viewAutoDisburse, P.editAutoDisburse]);
    expect((await del(editor)).statusCode).toBe(403);
    expect((await del(all)).statusCode).toBe(204);
    expect(await auditCount('auto_disburse_rule.delete', rule.id)).toBe(1);
    expect((await del(all)).statusCode).toBe(404);
  });
});

describe('pause and resume', () => {
  it('pauses and resumes with an audit row each (a repeat changes nothing); a paused rule pays nothing', async () => {
    const rule = await create({ name: 'Pausable' });
    const pause = () => t.app.inject({ method: 'POST', url: url(DISBURSEMENTS_PATHS.autoRulePause, rule.id), headers: all });
    expect((await t.app.inject({ method: 'POST', url: url(DISBURSEMENTS_PATHS.autoRulePause, rule.id), headers: viewer })).statusCode).toBe(403);
    expect(autoRuleSchema.parse((await pause()).json()).active).toBe(false);
    expect((await pause()).statusCode).toBe(200);
    expect(await auditCount('auto_disburse_rule.pause', rule.id)).toBe(1);
    await payableLoan('300.00');
    const [row] = await t.db.select().from(schema.autoDisburseRules).where(sql`id = ${rule.id}`);
    expect((await runRule(t.db, t.app.ports, row, null)).paid).toEqual([]);
    const resumed = await t.app.inject({ method: 'POST', url: url(DISBURSEMENTS_PATHS.autoRuleResume, rule.id), headers: all });
    expect(autoRuleSchema.parse(resumed.json()).active).toBe(true);
    expect(await auditCount('auto_disburse_rule.resume', rule.id)).toBe(1);
  });
});

describe(`POST ${DISBURSEMENTS_PATHS.autoRuleDryRun}`, () => {
  it('lists what the rule would pay now and what it skips, and pays nothing', async () => {
    const a = await payableLoan('400.00');
    const b = await payableLoan('400.00');
    await payableLoan('9000.00');
    const rule = await create({ name: 'Dry', min_amount: '100', max_amount: '1000', daily_limit: '500' });
    const res = await t.app.inject({ method: 'POST', url: url(DISBURSEMENTS_PATHS.autoRuleDryRun, rule.id), headers: viewer });
    expect(res.statusCode).toBe(200);
    const plan = autoRuleDryRunSchema.parse(res.json());
    expect(plan.pay.map((p) => p.application_id)).toEqual([a]);
    expect(plan.total).toBe('400.00');
    expect(plan.skipped).toEqual([{ application_id: b, reason: "Over the rule's daily limit" }]);
    const [n] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM disbursements WHERE application_id IN (${a}, ${b})`);
    expect(n.n).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: url(DISBURSEMENTS_PATHS.autoRuleDryRun, 999999), headers: viewer })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: url(DISBURSEMENTS_PATHS.autoRuleDryRun, rule.id), headers: await loginWithPermissions(t.app, [P.viewTransactionModule]) })).statusCode).toBe(403);
  });
});

describe(`GET ${DISBURSEMENTS_PATHS.autoRuleRuns}`, () => {
  it("keeps each run's payments, refusals and skips with their reasons, newest first; an idle run is not kept", async () => {
    const rule = await create({ name: 'Runs', max_amount: '1000', daily_limit: '500' });
    const [row] = await t.db.select().from(schema.autoDisburseRules).where(sql`id = ${rule.id}`);
    await runRule(t.db, t.app.ports, row, null);
    const paid = await payableLoan('300.00');
    const skipped = await payableLoan('300.00');
    await runRule(t.db, t.app.ports, row, null);
    const res = await t.app.inject({ method: 'GET', url: url(DISBURSEMENTS_PATHS.autoRuleRuns, rule.id), headers: viewer });
    expect(res.statusCode).toBe(200);
    const runs = autoRuleRunListSchema.parse(res.json()).items;
    expect(runs).toHaveLength(1);
    expect(runs[0].paid.map((p) => p.application_id)).toEqual([paid]);
    expect(runs[0].skipped).toEqual([{ application_id: skipped, reason: "Over the rule's daily limit" }]);
    expect((await t.app.inject({ method: 'GET', url: url(DISBURSEMENTS_PATHS.autoRuleRuns, 999999), headers: viewer })).statusCode).toBe(404);
  });
});

describe(`GET ${DISBURSEMENTS_PATHS.branches}`, () => {
  it('lists the branches by name for the filters and the rule form', async () => {
    const res = await t.app.inject({ method: 'GET', url: DISBURSEMENTS_PATHS.branches, headers: viewer });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: branchId })]));
    expect((await t.app.inject({ method: 'GET', url: DISBURSEMENTS_PATHS.branches, headers: await loginWithPermissions(t.app, [P.viewAllDisbursements]) })).statusCode).toBe(403);
  });
});
