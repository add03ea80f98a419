import { sql } from 'drizzle-orm';
import { P, REPORTS_PATHS, cashflowReportSchema, collectionsReportSchema } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { reportsServer } from '../../index';
import { summariesBeside } from './summaries.testing';

// A hand-checked book (dates are Lusaka business dates):
// L1 branch A: 1200.00 over 12 (100.00 a month), paid out 2026-01-15 (a failed attempt the day before):
//    due 02-15, 03-15, 04-15...; repaid 100.00 on 02-14 and 50.00 on 03-20
// L2 branch B: 600.00 over 3 (200.00 a month), paid out 2026-02-01: due 03-01, 04-01, 05-01;
//    repaid 200.00 on 03-01; 200.00 on 03-02 reversed (never counts)
let t: TestApp;
let branchA: number;
let branchB: number;
let admin: AuthHeaders;
let names: string[];

async function loan(ref: string, branch: number, total: string, tenure: number, paidOut: string): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO loan_applications (reference_code, branch_id, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status)
        VALUES (${ref}, ${branch}, 'Borrower', '123456/78/9', '+260971234567', ${total}, ${tenure}, ${total}, 'approved') RETURNING id`,
  );
  await t.db.execute(sql`INSERT INTO disbursements (application_id, branch_id, amount, mode, recipient, status, created_at) VALUES
      (${row.id}, ${branch}, ${total}, 'instant_single', '+260971234567', 'failed', (${paidOut}::date - 1 + time '10:00') AT TIME ZONE 'Africa/Lusaka'),
      (${row.id}, ${branch}, ${total}, 'instant_single', '+260971234567', 'success', (${paidOut}::date + time '10:00') AT TIME ZONE 'Africa/Lusaka')`);
  return Number(row.id);
}
async function pay(app: number, amount: string, on: string, reversed = false) {
  await t.db.execute(sql`INSERT INTO repayments (application_id, amount, paid_at, reference, reversed_at, reversal_reason)
      VALUES (${app}, ${amount}, ${on}, ${`R-${app}-${on}`}, ${reversed ? sql`now()` : sql`NULL`}, ${reversed ? 'keyed twice' : null})`);
}

beforeAll(async () => {
  t = await createTestApp({ modules: [reportsServer] });
  const branches = await queryRows<{ id: string; name: string }>(t.db, sql`SELECT id, name FROM branches ORDER BY id LIMIT 2`);
  [branchA, branchB] = branches.map((b) => Number(b.id));
  names = branches.map((b) => b.name);
  const l1 = await loan('LA-2026-700001', branchA, '1200.00', 12, '2026-01-15');
  await pay(l1, '100.00', '2026-02-14');
  await pay(l1, '50.00', '2026-03-20');
  const l2 = await loan('LA-2026-700002', branchB, '600.00', 3, '2026-02-01');
  await pay(l2, '200.00', '2026-03-01');
  await pay(l2, '200.00', '2026-03-02', true);
  admin = await loginWithPermissions(t.app, [P.viewReportsModule, P.viewAllBranches]);
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });

describe(`GET ${REPORTS_PATHS.collections}`, () => {
  it('sets what fell due (the schedule) against what was collected, per month and branch, with rates', async () => {
    const res = await get(`${REPORTS_PATHS.collections}?fromDate=2026-02-01&toDate=2026-04-30`);
    expect(res.statusCode).toBe(200);
    const [a, b] = names;
    const row = (month: string, branch: string, due: string, collected: string, rate: number | null) => ({ month, branch, due, collected, collection_rate: rate });
    expect(collectionsReportSchema.parse(res.json()).rows.map(({ branch_id: _, ...r }) => r)).toEqual([
      row('2026-02', a, '100.00', '100.00', 1),
      row('2026-02', 'All branches', '100.00', '100.00', 1),
      row('2026-03', a, '100.00', '50.00', 0.5),
      row('2026-03', b, '200.00', '200.00', 1),
      row('2026-03', 'All branches', '300.00', '250.00', 0.8333),
      row('2026-04', a, '100.00', '0.00', 0),
      row('2026-04', b, '200.00', '0.00', 0),
      row('2026-04', 'All branches', '300.00', '0.00', 0),
      row('All', 'All branches', '700.00', '350.00', 0.5),
    ]);
    const onlyB = collectionsReportSchema.parse((await get(`${REPORTS_PATHS.collections}?fromDate=2026-02-01&toDate=2026-04-30&branch=${branchB}`)).json());
    expect(onlyB.rows.at(-1)).toMatchObject({ month: 'All', due: '400.00', collected: '200.00', collection_rate: 0.5 });
    const none = collectionsReportSchema.parse((await get(`${REPORTS_PATHS.collections}?fromDate=2020-01-01&toDate=2020-01-31`)).json());
    expect(none.rows).toEqual([]);
  });

  it('downloads as CSV', async () => {
    const csv = await get(`${REPORTS_PATHS.collections}?format=csv&fromDate=2026-02-01&toDate=2026-02-28`);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="collections_report.csv"');
    expect(csv.body.trimEnd().split('\r\n').at(-1)).toBe('"All","All branches","100.00","100.00","1"');
  });
});

describe(`GET ${REPORTS_PATHS.disbursedRepaid}`, () => {
  it('sums successful disbursements and live repayments per month, exactly', async () => {
    const res = await get(`${REPORTS_PATHS.disbursedRepaid}?fromDate=2026-01-01&toDate=2026-04-30`);
    expect(res.statusCode).toBe(200);
    expect(cashflowReportSchema.parse(res.json())).toEqual({
      months: [
        { month: '2026-01', disbursed: '1200.00', disbursed_count: 1, repaid: '0.00', repaid_count: 0 },
        { month: '2026-02', disbursed: '600.00', disbursed_count: 1, repaid: '100.00', repaid_count: 1 },
        { month: '2026-03', disbursed: '0.00', disbursed_count: 0, repaid: '250.00', repaid_count: 2 },
      ],
      totals: { month: 'All', disbursed: '1800.00', disbursed_count: 2, repaid: '350.00', repaid_count: 3 },
    });
    const a = cashflowReportSchema.parse((await get(`${REPORTS_PATHS.disbursedRepaid}?branch=${branchA}`)).json());
    expect(a.totals).toEqual({ month: 'All', disbursed: '1200.00', disbursed_count: 1, repaid: '150.00', repaid_count: 2 });
  });
});

/**
 * The summary (report_daily, migration 1100) against the base tables, worked out
 * independently (summaries.testing.ts): they must agree after every kind of write.
 */
describe('report_daily stays equal to the base tables', () => {
  const agree = async () => {
    const { kept, recomputed } = await summariesBeside(t.db, ['report_daily']);
    expect(recomputed['report_daily'].length).toBeGreaterThan(0);
    expect(kept).toEqual(recomputed);
  };

  it('agrees on the hand-checked book, then after inserts, edits, reversals, moves, payout changes and deletions', async () => {
    await agree();
    // A third loan and two repayments in one statement.
    const l3 = await loan('LA-2026-700003', branchA, '900.00', 3, '2026-03-10');
    await t.db.execute(sql`INSERT INTO repayments (application_id, amount, paid_at, reference) VALUES
        (${l3}, 300.00, '2026-04-10', 'R3-1'), (${l3}, 300.00, '2026-05-10', 'R3-2')`);
    await agree();
    // A repayment reversed, another's amount and day edited.
    await t.db.execute(sql`UPDATE repayments SET reversed_at = now(), reversal_reason = 'keyed twice' WHERE reference = 'R3-1'`);
    await t.db.execute(sql`UPDATE repayments SET amount = 250.00, paid_at = '2026-05-11' WHERE reference = 'R3-2'`);
    await agree();
    // The loan moves branch; its total changes (the schedule follows).
    await t.db.execute(sql`UPDATE loan_applications SET branch_id = ${branchB}, total_amount_due = 960.00 WHERE id = ${l3}`);
    await agree();
    // Its successful payout turns out failed: no schedule, nothing disbursed.
    await t.db.execute(sql`UPDATE disbursements SET status = 'failed' WHERE application_id = ${l3}`);
    await agree();
    // Paid out again later; then a repayment deleted and finally the loan deleted.
    await t.db.execute(sql`UPDATE disbursements SET status = 'success' WHERE application_id = ${l3} AND created_at = (SELECT max(created_at) FROM disbursements WHERE application_id = ${l3})`);
    await agree();
    await t.db.execute(sql`DELETE FROM repayments WHERE reference = 'R3-2'`);
    await agree();
    // Deleting the loan leaves its repayments without a loan (ON DELETE SET NULL): a live one goes too.
    await t.db.execute(sql`INSERT INTO repayments (application_id, amount, paid_at, reference) VALUES (${l3}, 120.00, '2026-05-20', 'R3-3')`);
    await agree();
    await t.db.execute(sql`DELETE FROM loan_applications WHERE id = ${l3}`);
    await agree();
    // And the reports read the book as before.
    const res = collectionsReportSchema.parse((await get(`${REPORTS_PATHS.collections}?fromDate=2026-02-01&toDate=2026-04-30`)).json());
    expect(res.rows.at(-1)).toMatchObject({ month: 'All', due: '700.00', collected: '350.00' });
  });
});
