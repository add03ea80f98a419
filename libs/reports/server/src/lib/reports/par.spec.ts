import { sql } from 'drizzle-orm';
import { P, REPORTS_PATHS, portfolioAtRiskSchema } from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { createTestApp, createTestUser, loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { reportsServer } from '../../index';
import { summariesBeside } from './summaries.testing';

// A hand-checked book for portfolio at risk, read from loan_balances. Each loan: total due,
// 12 instalments, disbursed `daysAgo` days before today (Lusaka), repaid `paid`. With
// nothing or little repaid, days past due count from the first instalment, due one month
// after disbursement: about daysAgo - 30 (kept far from the bucket edges).
// A1 1200.00, paid 0,      50 days ago  -> ~20 dpd  (1-30)   balance 1200.00
// A2 2400.00, paid 400.00, 130 days ago -> 2 instalments of 200 paid, the 3rd (due at 3 months) ~39 days ago (31-60) balance 2000.00
// A3 1000.00, paid 0,      10 days ago  -> current              balance 1000.00
// B1 3600.00, paid 0,      200 days ago -> ~170 dpd (90+)       balance 3600.00
// B2 1200.00, paid 1200.00 (repaid: not in the portfolio)
// B3 5000.00, not disbursed (not in the portfolio)
let t: TestApp;
let branchA: number;
let branchB: number;
let admin: AuthHeaders;
let seq = 0;

async function loan(branch: number, total: string, daysAgo: number | null, paid = '0'): Promise<void> {
  seq += 1;
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO loan_applications (reference_code, branch_id, fullname, nrc, mobile, amount, tenure_months, total_amount_due, status)
        VALUES (${`LA-2026-8${String(seq).padStart(5, '0')}`}, ${branch}, 'Borrower', '123456/78/9', '+260971234567', ${total}, 12, ${total}, 'approved')
        RETURNING id`,
  );
  if (daysAgo !== null) {
    await t.db.execute(sql`INSERT INTO disbursements (application_id, branch_id, amount, mode, recipient, status, created_at)
                           VALUES (${row.id}, ${branch}, ${total}, 'instant_single', '+260971234567', 'success',
                                   ((business_today() - ${daysAgo}::int)::timestamp + interval '10 hours') AT TIME ZONE 'Africa/Lusaka')`);
  }
  if (paid !== '0') {
    await t.db.execute(sql`INSERT INTO repayments (application_id, amount, paid_at, reference) VALUES (${row.id}, ${paid}, business_today(), ${`R-${seq}`})`);
  }
}

beforeAll(async () => {
  t = await createTestApp({ modules: [reportsServer] });
  [branchA, branchB] = (await queryRows<{ id: string }>(t.db, sql`SELECT id FROM branches ORDER BY id LIMIT 2`)).map((b) => Number(b.id));
  await loan(branchA, '1200.00', 50);
  await loan(branchA, '2400.00', 130, '400.00');
  await loan(branchA, '1000.00', 10);
  await loan(branchB, '3600.00', 200);
  await loan(branchB, '1200.00', 60, '1200.00');
  await loan(branchB, '5000.00', null);
  admin = await loginWithPermissions(t.app, [P.viewReportsModule, P.viewAllBranches]);
});
afterAll(() => t?.close());

const get = (url: string, headers: AuthHeaders | null = admin) => t.app.inject({ method: 'GET', url, headers: headers ?? undefined });

describe(`GET ${REPORTS_PATHS.portfolioAtRisk}`, () => {
  it('needs a session and the reports permission', async () => {
    expect((await get(REPORTS_PATHS.portfolioAtRisk, null)).statusCode).toBe(401);
    expect((await get(REPORTS_PATHS.portfolioAtRisk, await loginWithPermissions(t.app, [P.viewAllBranches]))).statusCode).toBe(403);
  });

  it('buckets the outstanding balances by days past due, PAR30/60/90 by branch and in all, to the ngwee', async () => {
    const res = await get(REPORTS_PATHS.portfolioAtRisk);
    expect(res.statusCode).toBe(200);
    const r = portfolioAtRiskSchema.parse(res.json());
    const names = await queryRows<{ name: string }>(t.db, sql`SELECT name FROM branches WHERE id IN (${branchA}, ${branchB}) ORDER BY id`);
    expect(r.branches.find((b) => b.branch_id === branchA)).toEqual({
      branch_id: branchA,
      branch: names[0].name,
      loans: 3,
      outstanding: '4200.00',
      current: '1000.00',
      dpd_1_30: '1200.00',
      dpd_31_60: '2000.00',
      dpd_61_90: '0.00',
      dpd_over_90: '0.00',
      par30: 0.4762, // 2000 / 4200
      par60: 0,
      par90: 0,
    });
    expect(r.branches.find((b) => b.branch_id === branchB)).toMatchObject({ loans: 1, outstanding: '3600.00', dpd_over_90: '3600.00', par30: 1, par60: 1, par90: 1 });
    expect(r.totals).toEqual({
      loans: 4,
      outstanding: '7800.00',
      current: '1000.00',
      dpd_1_30: '1200.00',
      dpd_31_60: '2000.00',
      dpd_61_90: '0.00',
      dpd_over_90: '3600.00',
      par30: 0.7179, // 5600 / 7800
      par60: 0.4615, // 3600 / 7800
      par90: 0.4615,
    });
    // Agrees with the one source of balances.
    const [{ sum }] = await queryRows<{ sum: string }>(
      t.db,
      sql`SELECT sum(balance)::numeric(18,2)::text AS sum FROM loan_balances WHERE disbursed_on IS NOT NULL AND balance > 0`,
    );
    expect(r.totals.outstanding).toBe(sum);
  });

  it('filters by branch and by disbursement date; a user sees only their branch', async () => {
    const b = portfolioAtRiskSchema.parse((await get(`${REPORTS_PATHS.portfolioAtRisk}?branch=${branchB}`)).json());
    expect(b.totals.outstanding).toBe('3600.00');
    const [{ d }] = await queryRows<{ d: string }>(t.db, sql`SELECT (business_today() - 30)::text AS d`);
    const recent = portfolioAtRiskSchema.parse((await get(`${REPORTS_PATHS.portfolioAtRisk}?fromDate=${d}`)).json());
    expect(recent.totals).toMatchObject({ loans: 1, outstanding: '1000.00', current: '1000.00', par30: 0 });
    const { headers, userId } = await createTestUser(t.app, [P.viewReportsModule]);
    await t.db.execute(sql`UPDATE users SET branch_id = ${branchA} WHERE id = ${userId}`);
    const own = portfolioAtRiskSchema.parse((await get(REPORTS_PATHS.portfolioAtRisk, headers)).json());
    expect(own.totals.outstanding).toBe('4200.00');
  });

  it('downloads the branches and the total as CSV', async () => {
    const csv = await get(`${REPORTS_PATHS.portfolioAtRisk}?format=csv`);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="portfolio_at_risk_report.csv"');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"Branch","Loans","Outstanding","Current","1-30 days","31-60 days","61-90 days","90+ days","PAR30","PAR60","PAR90"');
    expect(lines.at(-1)).toBe('"All branches","4","7800.00","1000.00","1200.00","2000.00","0.00","3600.00","0.7179","0.4615","0.4615"');
  });
});

/** report_loan_balances (migration 1102) against loan_balances: equal after every kind of write. */
describe('report_loan_balances stays equal to loan_balances', () => {
  const agree = async () => {
    const { kept, recomputed } = await summariesBeside(t.db, ['report_loan_balances']);
    expect(recomputed['report_loan_balances'].length).toBeGreaterThan(0);
    expect(kept).toEqual(recomputed);
  };

  it('agrees on the hand-checked book and after repayments, reversals, moves, edits and closing', async () => {
    await agree();
    const [{ id }] = await queryRows<{ id: string }>(t.db, sql`SELECT application_id::text AS id FROM loan_balances WHERE balance > 0 ORDER BY application_id LIMIT 1`);
    await t.db.execute(sql`INSERT INTO repayments (application_id, amount, paid_at, reference) VALUES (${id}, 150.00, business_today(), 'PAR-EQ-1')`);
    await agree();
    await t.db.execute(sql`UPDATE repayments SET reversed_at = now(), reversal_reason = 'keyed twice' WHERE reference = 'PAR-EQ-1'`);
    await agree();
    await t.db.execute(sql`UPDATE loan_applications SET branch_id = ${branchB}, total_amount_due = total_amount_due + 10 WHERE id = ${id}`);
    await agree();
    await t.db.execute(sql`UPDATE loan_applications SET status = 'rejected' WHERE id = ${id}`);
    await agree();
    await t.db.execute(sql`DELETE FROM repayments WHERE reference = 'PAR-EQ-1'`);
    await agree();
  });
});
