import { sql } from 'drizzle-orm';
import {
  API,
  DASHBOARD_PATHS,
  P,
  REPORTS_PATHS,
  REPAYMENT_PATHS,
  type CashflowReport,
  type ClosedUnsignedBranchStat,
  type CollectionsReport,
  type DisbursementStats,
  type FunnelReport,
  type ListEnvelope,
  type LoanApplication,
  type LoanOfferStats,
  type LoanRequestsStats,
  type OfferLettersReport,
  type PortfolioAtRisk,
  type RepayableLoan,
  type RepaymentList,
} from '@loan/shared-contract';
import { queryRows } from '@loan/shared-server';
import { loginWithPermissions, type AuthHeaders, type TestApp } from '@loan/shared-server/testing';
import { createTestApp } from './test-app';

// The reports agree with the dashboard and the lists to the ngwee, on one small book run
// through the whole api (every domain plugin): the same figures, asked of different routes.
let t: TestApp;
let all: AuthHeaders;
let n = 0;

async function app(kind: 'application' | 'topup', status: string, amount: string, branch: number): Promise<number> {
  n += 1;
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`INSERT INTO loan_applications (kind, reference_code, branch_id, fullname, nrc, mobile, amount, total_amount_due, status, closed_at)
        VALUES (${kind}, ${`${kind === 'topup' ? 'TU' : 'LA'}-2026-6${String(n).padStart(5, '0')}`}, ${branch}, 'Borrower', '123456/78/9',
                '+260971234567', ${amount}, ${amount}::numeric * 1.3, ${status}, ${status === 'closed' ? sql`now()` : null})
        RETURNING id`,
  );
  return Number(row.id);
}
async function letter(id: number, status: string, expires = "now() + interval '7 days'") {
  await t.db.execute(sql`INSERT INTO offer_letters (application_id, token_hash, status, principal, total_amount_due, tenure_months, terms_conditions,
                                                    authorized_rep_name, authorized_rep_date, expires_at, signed_at)
                         VALUES (${id}, ${`h-${id}-${status}-${n++}`}, ${status}, 100, 130, 3, 'T', 'Rep', '2026-01-01', ${sql.raw(expires)},
                                 ${status === 'signed' ? sql`now()` : null})`);
}

beforeAll(async () => {
  t = await createTestApp();
  const [a, b] = (await queryRows<{ id: string }>(t.db, sql`SELECT id FROM branches ORDER BY id LIMIT 2`)).map((r) => Number(r.id));
  await app('application', 'request', '1000.10', a);
  await app('application', 'rejected', '2000.00', b);
  const ap = await app('application', 'approved', '3000.33', a);
  await letter(ap, 'signed');
  await t.db.execute(sql`INSERT INTO disbursements (application_id, branch_id, amount, mode, recipient, status) VALUES
    (${ap}, ${a}, 3000.33, 'instant_single', '+260971234567', 'success'), (${ap}, ${a}, 3000.33, 'instant_single', '+260971234567', 'failed')`);
  await t.db.execute(sql`INSERT INTO repayments (application_id, amount, paid_at, reference) VALUES (${ap}, 250.05, (now() AT TIME ZONE 'Africa/Lusaka')::date, 'AGREE-1')`);
  const c1 = await app('application', 'closed', '1500.25', a);
  await letter(c1, 'pending');
  const c2 = await app('application', 'closed', '2500.50', b);
  await letter(c2, 'pending', "now() - interval '1 day'");
  await letter(c2, 'expired');
  const c3 = await app('application', 'closed', '700.00', b);
  await letter(c3, 'signed');
  await app('topup', 'request', '400.00', b);
  all = await loginWithPermissions(t.app, [
    P.viewReportsModule,
    P.viewAllBranches,
    P.viewDashboard,
    P.viewTransactionModule,
    P.viewLoanModule,
    P.viewLoanApplications,
    P.viewClosedApplications,
    P.viewLoanTopups,
    P.viewRepayments,
    P.addRepayments,
  ]);
});
afterAll(() => t?.close());

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: all });
  expect(res.statusCode).toBe(200);
  return res.json() as T;
}

it('offer letters: the report totals are the dashboard card stats (pending past expiry counted expired)', async () => {
  const report = await get<OfferLettersReport>(REPORTS_PATHS.offerLetters);
  const card = await get<LoanOfferStats>(DASHBOARD_PATHS.offerLetterCardStats);
  expect({ pendingCount: report.totals.pending, expiredCount: report.totals.expired, signedCount: report.totals.signed }).toEqual({
    pendingCount: card.pendingCount,
    expiredCount: card.expiredCount,
    signedCount: card.signedCount,
  });
  expect(report.totals).toMatchObject({ pending: 1, expired: 2, signed: 2, total: 5 });
});

it('closed unsigned: the counts and amounts by branch are the list of closed unsigned loans, to the ngwee', async () => {
  const stats = await get<ClosedUnsignedBranchStat[]>(REPORTS_PATHS.closedUnsignedStatsByBranch);
  const list = await get<ListEnvelope<LoanApplication>>(`${REPORTS_PATHS.unsignedClosed}?pageSize=100`);
  expect(stats.reduce((s, b) => s + b.count, 0)).toBe(list.total);
  const ngwee = (m: string) => BigInt(m.replace('.', ''));
  expect(stats.reduce((s, b) => s + ngwee(b.total_amount), 0n)).toBe(list.items.reduce((s, r) => s + ngwee(r.amount), 0n));
  expect(stats.reduce((s, b) => s + ngwee(b.total_amount), 0n)).toBe(400075n); // 1500.25 + 2500.50
});

it('funnel and disbursed vs repaid: requests are the applications and top-ups of the lists, payouts the dashboard successful ones', async () => {
  const funnel = await get<FunnelReport>(REPORTS_PATHS.funnel);
  const apps = await get<LoanRequestsStats>(`${API.applications}/requests-stats`);
  const tops = await get<LoanRequestsStats>(`${API.topups}/requests-stats`);
  expect(funnel.steps[0].count).toBe(apps.total.count + tops.total.count);
  expect(funnel.steps.map((s) => s.count)).toEqual([7, 4, 2, 1]); // closed loans were approved first, even unstamped
  const cash = await get<CashflowReport>(REPORTS_PATHS.disbursedRepaid);
  const disb = await get<DisbursementStats>(DASHBOARD_PATHS.disbursementStats);
  expect(cash.totals.disbursed).toBe(disb.successful.amount);
  expect(cash.totals.disbursed_count).toBe(disb.successful.count);
  expect(cash.totals.repaid).toBe('250.05');
});

it('portfolio at risk and collections: the outstanding is the balances of the loans list, collected the live repayments of the repayments list', async () => {
  const ngwee = (m: string) => BigInt(m.replace('.', ''));
  const par = await get<PortfolioAtRisk>(REPORTS_PATHS.portfolioAtRisk);
  const loans = await get<ListEnvelope<RepayableLoan>>(`${REPAYMENT_PATHS.loans}?pageSize=100`);
  expect(loans.items.length).toBe(1);
  expect(par.totals.loans).toBe(loans.items.length);
  expect(ngwee(par.totals.outstanding)).toBe(loans.items.reduce((s, l) => s + ngwee(l.balance), 0n));
  expect(par.totals.outstanding).toBe('3650.38'); // 3000.33 x 1.3 = 3900.43, less 250.05 repaid
  expect(par.totals.current).toBe(par.totals.outstanding); // paid out today: nothing past due
  const repayments = await get<RepaymentList>(`${REPAYMENT_PATHS.list}?status=active`);
  const collections = await get<CollectionsReport>(REPORTS_PATHS.collections);
  const cash = await get<CashflowReport>(REPORTS_PATHS.disbursedRepaid);
  expect(collections.rows.at(-1)).toMatchObject({ month: 'All', collected: repayments.totals.amount });
  expect(cash.totals).toMatchObject({ repaid: repayments.totals.amount, repaid_count: repayments.totals.count });
});
