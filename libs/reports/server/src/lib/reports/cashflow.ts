import { sql, type SQL } from 'drizzle-orm';
import type { CashflowMonth, CashflowReport, CollectionsReport, CollectionsRow, ReportFilters } from '@loan/shared-contract';
import { resolveBranchFilter, type BranchScope, type Db, type TableColumn } from '@loan/shared-server';
import { share } from './money-math';
import { reportRows } from './report-query';

/** Conditions on a business date column (fromDate/toDate inclusive) and the loan's branch. */
function dated(q: ReportFilters, day: SQL, branch: SQL, branchId: number | undefined): SQL {
  const conds: SQL[] = [sql`true`];
  if (q.fromDate) conds.push(sql`${day} >= ${q.fromDate}::date`);
  if (q.toDate) conds.push(sql`${day} <= ${q.toDate}::date`);
  if (branchId !== undefined) conds.push(sql`${branch} = ${branchId}`);
  return sql.join(conds, sql` AND `);
}

interface CollectionsDbRow {
  month: string | null;
  branch_id: string | null;
  branch: string | null;
  due: string;
  collected: string;
}

/**
 * GET /api/reports/collections. What fell due comes from loan_schedule (the one source of
 * instalments; only instalments due by today: the future is not yet due), what was collected
 * from the repayments not reversed; both by business date (Lusaka) and the loan's branch.
 */
export async function collections(db: Db, q: ReportFilters, scope: BranchScope): Promise<CollectionsReport> {
  const branchId = await resolveBranchFilter(db, q.branch, scope);
  if (branchId === null) return { rows: [] };
  const rows = await reportRows<CollectionsDbRow>(
    db,
    sql`WITH due AS (
          SELECT to_char(s.due_date, 'YYYY-MM') AS month, coalesce(la.branch_id, 0) AS branch_id, sum(s.amount) AS due
            FROM loan_schedule s JOIN loan_applications la ON la.id = s.application_id
           WHERE s.due_date <= business_today() AND ${dated(q, sql`s.due_date`, sql`la.branch_id`, branchId)}
           GROUP BY 1, 2
        ), col AS (
          SELECT to_char(r.paid_at, 'YYYY-MM') AS month, coalesce(la.branch_id, 0) AS branch_id, sum(r.amount) AS collected
            FROM repayments r JOIN loan_applications la ON la.id = r.application_id
           WHERE r.reversed_at IS NULL AND ${dated(q, sql`r.paid_at`, sql`la.branch_id`, branchId)}
           GROUP BY 1, 2
        ), m AS (
          SELECT coalesce(due.month, col.month) AS month, coalesce(due.branch_id, col.branch_id) AS branch_id,
                 coalesce(due.due, 0) AS due, coalesce(col.collected, 0) AS collected
            FROM due FULL JOIN col ON col.month = due.month AND col.branch_id = due.branch_id
        )
        SELECT m.month, CASE WHEN grouping(m.branch_id) = 1 THEN NULL ELSE m.branch_id::text END AS branch_id,
               coalesce(min(br.name), '') AS branch,
               coalesce(sum(m.due), 0)::numeric(18,2)::text AS due, coalesce(sum(m.collected), 0)::numeric(18,2)::text AS collected
          FROM m LEFT JOIN branches br ON br.id = m.branch_id
         GROUP BY GROUPING SETS ((m.month, m.branch_id), (m.month), ())
         ORDER BY m.month NULLS LAST, (grouping(m.branch_id)) , 3`,
  );
  if (rows.length === 1 && rows[0].month === null && rows[0].due === '0.00' && rows[0].collected === '0.00') return { rows: [] };
  return {
    rows: rows.map(
      (r): CollectionsRow => ({
        month: r.month ?? 'All',
        branch_id: r.branch_id === null ? 0 : Number(r.branch_id),
        branch: r.branch_id === null ? 'All branches' : r.branch || 'No branch',
        due: r.due,
        collected: r.collected,
        collection_rate: share(r.collected, r.due),
      }),
    ),
  };
}

export const COLLECTIONS_COLUMNS: TableColumn<CollectionsRow>[] = [
  { key: 'month', header: 'Month' },
  { key: 'branch', header: 'Branch', width: 16 },
  { key: 'due', header: 'Due', type: 'money', width: 16 },
  { key: 'collected', header: 'Collected', type: 'money', width: 16 },
  { key: 'collection_rate', header: 'Collection rate', type: 'percent', width: 16 },
];

interface CashflowDbRow {
  month: string | null;
  disbursed: string;
  disbursed_count: number;
  repaid: string;
  repaid_count: number;
}

/** GET /api/reports/disbursed-vs-repaid: successful disbursements and live repayments per Lusaka month. */
export async function disbursedVsRepaid(db: Db, q: ReportFilters, scope: BranchScope): Promise<CashflowReport> {
  const branchId = await resolveBranchFilter(db, q.branch, scope);
  const none: CashflowMonth = { month: 'All', disbursed: '0.00', disbursed_count: 0, repaid: '0.00', repaid_count: 0 };
  if (branchId === null) return { months: [], totals: none };
  const paidOn = sql`(d.created_at AT TIME ZONE 'Africa/Lusaka')::date`;
  const rows = await reportRows<CashflowDbRow>(
    db,
    sql`WITH d AS (
          SELECT to_char(${paidOn}, 'YYYY-MM') AS month, sum(d.amount) AS amount, count(*) AS n
            FROM disbursements d JOIN loan_applications la ON la.id = d.application_id
           WHERE d.status = 'success' AND ${dated(q, paidOn, sql`la.branch_id`, branchId)}
           GROUP BY 1
        ), r AS (
          SELECT to_char(r.paid_at, 'YYYY-MM') AS month, sum(r.amount) AS amount, count(*) AS n
            FROM repayments r JOIN loan_applications la ON la.id = r.application_id
           WHERE r.reversed_at IS NULL AND ${dated(q, sql`r.paid_at`, sql`la.branch_id`, branchId)}
           GROUP BY 1
        )
        SELECT coalesce(d.month, r.month) AS month,
               coalesce(d.amount, 0)::numeric(18,2)::text AS disbursed, coalesce(d.n, 0)::int AS disbursed_count,
               coalesce(r.amount, 0)::numeric(18,2)::text AS repaid, coalesce(r.n, 0)::int AS repaid_count
          FROM d FULL JOIN r ON r.month = d.month
         ORDER BY 1`,
  );
  const months = rows.map(
    (r): CashflowMonth => ({
      month: r.month as string,
      disbursed: r.disbursed,
      disbursed_count: Number(r.disbursed_count),
      repaid: r.repaid,
      repaid_count: Number(r.repaid_count),
    }),
  );
  const [totals] = await reportRows<CashflowDbRow>(
    db,
    sql`SELECT (SELECT coalesce(sum(d.amount), 0)::numeric(18,2)::text FROM disbursements d JOIN loan_applications la ON la.id = d.application_id
                 WHERE d.status = 'success' AND ${dated(q, paidOn, sql`la.branch_id`, branchId)}) AS disbursed,
               (SELECT count(*)::int FROM disbursements d JOIN loan_applications la ON la.id = d.application_id
                 WHERE d.status = 'success' AND ${dated(q, paidOn, sql`la.branch_id`, branchId)}) AS disbursed_count,
               (SELECT coalesce(sum(r.amount), 0)::numeric(18,2)::text FROM repayments r JOIN loan_applications la ON la.id = r.application_id
                 WHERE r.reversed_at IS NULL AND ${dated(q, sql`r.paid_at`, sql`la.branch_id`, branchId)}) AS repaid,
               (SELECT count(*)::int FROM repayments r JOIN loan_applications la ON la.id = r.application_id
                 WHERE r.reversed_at IS NULL AND ${dated(q, sql`r.paid_at`, sql`la.branch_id`, branchId)}) AS repaid_count`,
  );
  return {
    months,
    totals: { month: 'All', disbursed: totals.disbursed, disbursed_count: Number(totals.disbursed_count), repaid: totals.repaid, repaid_count: Number(totals.repaid_count) },
  };
}

export const CASHFLOW_COLUMNS: TableColumn<CashflowMonth>[] = [
  { key: 'month', header: 'Month' },
  { key: 'disbursed', header: 'Disbursed', type: 'money', width: 16 },
  { key: 'disbursed_count', header: 'Disbursements', type: 'number', width: 14 },
  { key: 'repaid', header: 'Repaid', type: 'money', width: 16 },
  { key: 'repaid_count', header: 'Repayments', type: 'number', width: 14 },
];
