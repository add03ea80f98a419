import { sql } from 'drizzle-orm';
import { APPROVALS_PATHS, DISBURSEMENTS_PATHS, P, REPAYMENT_PATHS, SETTINGS_PATHS } from '@loan/shared-contract';
import { approvalsServer, queryRows, SandboxMobileMoney } from '@loan/shared-server';
import { createTestApp, createTestUser, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { transactionsServer } from '../index';

/** Maker-checker on the transactions domain's actions (the kit's own rules are tested in shared-server). */
let t: TestApp;
let maker: AuthHeaders;
let checker: AuthHeaders;
let admin: AuthHeaders;
let bulkMaker: AuthHeaders;
let seq = 0;
let calls = 0;
const sandbox = new SandboxMobileMoney(0);

async function payableLoan(amount: string): Promise<number> {
  seq++;
  const [b] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM branches ORDER BY id LIMIT 1`);
  const mobile = `0972${String(seq).padStart(6, '0')}`;
  const [c] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO clients (fullname, nrc, mobile, branch_id) VALUES (${`Checked ${seq}`}, ${`${String(200000 + seq)}/11/1`}, ${mobile}, ${b.id}) RETURNING id`,
  );
  const [a] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO loan_applications (reference_code, client_id, branch_id, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status, approved_at)
        VALUES (${`LA-2026-${String(900000 + seq)}`}, ${c.id}, ${b.id}, ${`Checked ${seq}`}, ${`${String(200000 + seq)}/11/1`}, ${mobile},
                ${amount}, 6, ${amount}, 'approved', now()) RETURNING id`,
  );
  await t.db.execute(sql`INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months, terms_conditions,
                                                    authorized_rep_name, authorized_rep_date, expires_at, signed_at)
        VALUES (${a.id}, ${`hash-c-${seq}`}, 'signed', ${amount}, ${amount}, 6, 'terms', 'Rep', '2026-01-01', now() + interval '7 days', now())`);
  return Number(a.id);
}

const pay = (applicationId: number, key = `k-${applicationId}-${Math.random()}`) =>
  t.app.inject({ method: 'POST', url: DISBURSEMENTS_PATHS.disburseSingle, headers: { ...maker, 'idempotency-key': key }, payload: { application_id: applicationId } });
const approve = (id: number, h = checker) => t.app.inject({ method: 'POST', url: APPROVALS_PATHS.approve.replace(':id', String(id)), headers: h });
const paidCount = async (applicationId: number) =>
  (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM disbursements WHERE application_id = ${applicationId}`))[0].n;

beforeAll(async () => {
  t = await createTestApp({
    modules: [transactionsServer, approvalsServer],
    ports: { mobileMoney: { name: 'sandbox', initiate: (r) => ((calls += 1), sandbox.initiate(r)), status: (ref) => sandbox.status(ref) } },
  });
  const finance = [P.viewAllDisbursements, P.viewInstantDisbursements, P.instantSingleDisburse, P.viewRepayments, P.addRepayments, P.deleteRepayments, P.viewAllBranches, P.checkPendingActions] as const;
  maker = (await createTestUser(t.app, [...finance])).headers;
  checker = (await createTestUser(t.app, [...finance])).headers;
  admin = (await createTestUser(t.app, [P.editSettings])).headers;
  bulkMaker = (await createTestUser(t.app, [...finance, P.instantBulkDisburse])).headers;
  const set = await t.app.inject({
    method: 'PUT',
    url: SETTINGS_PATHS.makerChecker,
    headers: admin,
    payload: { rules: [{ command: 'disbursement.single', required: true, above: '10000.00' }, { command: 'repayment.reverse', required: true }] },
  });
  expect(set.statusCode).toBe(200);
});
afterAll(() => t?.close());

describe('instant single disbursement above the set amount', () => {
  it('pays ZMW 10,000 at once; holds ZMW 20,000 (202) until a second person approves, then pays it once', async () => {
    const small = await payableLoan('10000.00');
    expect((await pay(small)).statusCode).toBe(200);
    expect(await paidCount(small)).toBe(1);

    const big = await payableLoan('20000.00');
    const before = calls;
    const held = await pay(big);
    expect(held.statusCode).toBe(202);
    expect(held.json()).toMatchObject({ held: true, pending: { command: 'disbursement.single', entity: 'application', entity_id: String(big), summary: { lines: expect.arrayContaining([{ label: 'Amount paid out', before: null, after: 'ZMW 20,000.00' }]) } } });
    expect(await paidCount(big)).toBe(0);
    // Asked again (another key) while it waits: 409 naming the first.
    const again = await pay(big);
    expect(again.statusCode).toBe(409);
    expect(again.json().pending_action_id).toBe(held.json().pending.id);

    expect((await approve(held.json().pending.id, maker)).statusCode).toBe(403);
    const ok = await approve(held.json().pending.id);
    expect(ok.statusCode).toBe(200);
    expect(await paidCount(big)).toBe(1);
    expect(calls).toBe(before + 1);
    const [audit] = await queryRows<{ details: { checked_by: number } }>(
      t.db,
      sql`SELECT a.details FROM audit_log a JOIN disbursements d ON a.entity = 'disbursement' AND a.entity_id = d.id::text WHERE d.application_id = ${big} AND a.action = 'disbursement.create'`,
    );
    expect(audit.details.checked_by).toBeGreaterThan(0);
  });

  it('refuses at approval a loan paid meanwhile: nothing is paid twice', async () => {
    const big = await payableLoan('30000.00');
    const held = await pay(big);
    expect(held.statusCode).toBe(202);
    // Paid meanwhile by another path (a rule, say).
    await t.db.execute(sql`INSERT INTO disbursements (application_id, amount, mode, method, recipient, status, provider) VALUES (${big}, '30000.00', 'auto', 'mobile_money', '0970000000', 'success', 'sandbox')`);
    const res = await approve(held.json().pending.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not done: This loan has been disbursed already.');
    expect(await paidCount(big)).toBe(1);
  });
});

describe('repayment reversal', () => {
  it('waits for a second person, then reverses; a second reversal of the same repayment is refused while one waits', async () => {
    const loan = await payableLoan('5000.00');
    const [r] = await queryRows<{ id: string }>(
      t.db,
      sql`INSERT INTO repayments (application_id, amount, paid_at, method, reference) VALUES (${loan}, '100.00', '2026-02-01', 'cash', ${`REF-${loan}`}) RETURNING id`,
    );
    const del = (reason: string) => t.app.inject({ method: 'DELETE', url: REPAYMENT_PATHS.delete.replace(':id', r.id), headers: maker, payload: { reason } });
    const held = await del('Bounced');
    expect(held.statusCode).toBe(202);
    expect((await del('Bounced twice')).statusCode).toBe(409);
    const [still] = await queryRows<{ reversed: boolean }>(t.db, sql`SELECT reversed_at IS NOT NULL AS reversed FROM repayments WHERE id = ${r.id}`);
    expect(still.reversed).toBe(false);
    expect((await approve(held.json().pending.id)).statusCode).toBe(200);
    const [after] = await queryRows<{ reversed: boolean; reason: string }>(t.db, sql`SELECT reversed_at IS NOT NULL AS reversed, reversal_reason AS reason FROM repayments WHERE id = ${r.id}`);
    expect(after).toEqual({ reversed: true, reason: 'Bounced' });
  });
});

describe('bulk disbursement', () => {
  it('never pays in a batch a loan that would need a second person alone', async () => {
    const small = await payableLoan('500.00');
    const big = await payableLoan('50000.00');
    const res = await t.app.inject({
      method: 'POST',
      url: DISBURSEMENTS_PATHS.disburseBulk,
      headers: { ...bulkMaker, 'idempotency-key': `bulk-${small}` },
      payload: { application_ids: [small, big] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['sent', 'refused']);
    expect(await paidCount(big)).toBe(0);
  });
});
