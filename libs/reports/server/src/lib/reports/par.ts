import { sql, type SQL } from 'drizzle-orm';
import type { ParBranch, ParFigures, PortfolioAtRisk, ReportFilters } from '@loan/shared-contract';
import { queryRows, reportRows, resolveBranchFilter, type BranchScope, type Db, type TableColumn } from '@loan/shared-server';
import { addMoney, share } from './money-math';

interface ParDbRow {
  branch_id: string | null;
  branch: string | null;
  grouped: number;
  loans: number;
  outstanding: string;
  current: string;
  dpd_1_30: string;
  dpd_31_60: string;
  dpd_61_90: string;
  dpd_over_90: string;
  as_of: string;
}

function figures(r: ParDbRow): ParFigures {
  return {
    loans: Number(r.loans),
    outstanding: r.outstanding,
    current: r.current,
    dpd_1_30: r.dpd_1_30,
    dpd_31_60: r.dpd_31_60,
    dpd_61_90: r.dpd_61_90,
    dpd_over_90: r.dpd_over_90,
    par30: share(addMoney(r.dpd_31_60, r.dpd_61_90, r.dpd_over_90), r.outstanding),
    par60: share(addMoney(r.dpd_61_90, r.dpd_over_90), r.outstanding),
    par90: share(r.dpd_over_90, r.outstanding),
  };
}

const EMPTY: ParFigures = {
  loans: 0,
  outstanding: '0.00',
  current: '0.00',
  dpd_1_30: '0.00',
  dpd_31_60: '0.00',
  dpd_61_90: '0.00',
  dpd_over_90: '0.00',
  par30: null,
  par60: null,
  par90: null,
};

const bucket = (cond: SQL) => sql`coalesce(sum(b.balance) FILTER (WHERE ${cond}), 0)::numeric(18,2)::text`;

/**
 * GET /api/reports/portfolio-at-risk: disbursed loans with a balance, by branch and in all.
 * Balances come ONLY from loan_balances, through its copy report_loan_balances (migration
 * 1102, kept in step in the writes' transactions); days past due are worked out at read
 * time as the view does. The date range
 * picks loans by their disbursement date (Lusaka), the branch by the loan's branch.
 */
export async function portfolioAtRisk(db: Db, q: ReportFilters, scope: BranchScope): Promise<PortfolioAtRisk> {
  const branchId = await resolveBranchFilter(db, q.branch, scope);
  const [{ today }] = await queryRows<{ today: string }>(db, sql`SELECT business_today()::text AS today`);
  if (branchId === null) return { as_of: today, branches: [], totals: EMPTY };
  const conds: SQL[] = [sql`b.disbursed_on IS NOT NULL`, sql`b.balance > 0`];
  if (q.fromDate) conds.push(sql`b.disbursed_on >= ${q.fromDate}::date`);
  if (q.toDate) conds.push(sql`b.disbursed_on <= ${q.toDate}::date`);
  if (branchId !== undefined) conds.push(sql`b.branch_id = ${branchId}`);
  const rows = await reportRows<ParDbRow>(
    db,
    sql`SELECT coalesce(b.branch_id, 0)::text AS branch_id,
               coalesce(min(br.name), '') AS branch,
               grouping(coalesce(b.branch_id, 0))::int AS grouped,
               count(*)::int AS loans,
               coalesce(sum(b.balance), 0)::numeric(18,2)::text AS outstanding,
               ${bucket(sql`b.days_past_due = 0`)} AS current,
               ${bucket(sql`b.days_past_due BETWEEN 1 AND 30`)} AS dpd_1_30,
               ${bucket(sql`b.days_past_due BETWEEN 31 AND 60`)} AS dpd_31_60,
               ${bucket(sql`b.days_past_due BETWEEN 61 AND 90`)} AS dpd_61_90,
               ${bucket(sql`b.days_past_due > 90`)} AS dpd_over_90
          FROM (SELECT rb.branch_id, rb.disbursed_on, rb.balance, greatest(0, business_today() - rb.next_due_date)::integer AS days_past_due
                  FROM report_loan_balances rb) b
          LEFT JOIN branches br ON br.id = b.branch_id
         WHERE ${sql.join(conds, sql` AND `)}
         GROUP BY GROUPING SETS ((coalesce(b.branch_id, 0)), ())
         ORDER BY grouped, branch`,
  );
  const totals = rows.find((r) => Number(r.grouped) === 1);
  return {
    as_of: today,
    branches: rows
      .filter((r) => Number(r.grouped) === 0)
      .map((r): ParBranch => ({ branch_id: Number(r.branch_id), branch: r.branch ?? '', ...figures(r) })),
    totals: totals ? figures(totals) : EMPTY,
  };
}

export const PAR_COLUMNS: TableColumn<ParBranch>[] = [
  { key: 'branch', header: 'Branch' },
  { key: 'loans', header: 'Loans', type: 'number' },
  { key: 'outstanding', header: 'Outstanding', type: 'money', width: 16 },
  { key: 'current', header: 'Current', type: 'money', width: 16 },
  { key: 'dpd_1_30', header: '1-30 days', type: 'money', width: 16 },
  { key: 'dpd_31_60', header: '31-60 days', type: 'money', width: 16 },
  { key: 'dpd_61_90', header: '61-90 days', type: 'money', width: 16 },
  { key: 'dpd_over_90', header: '90+ days', type: 'money', width: 16 },
  { key: 'par30', header: 'PAR30', type: 'percent' },
  { key: 'par60', header: 'PAR60', type: 'percent' },
  { key: 'par90', header: 'PAR90', type: 'percent' },
];

/** The file's rows: the branches, then all branches together. */
export function parFileRows(r: PortfolioAtRisk): ParBranch[] {
  return [...r.branches, { branch_id: 0, branch: 'All branches', ...r.totals }];
}
