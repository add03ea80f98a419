import { sql, type SQL } from 'drizzle-orm';
import type { CashflowMonth, CashflowReport, CollectionsReport, CollectionsRow, ReportFilters } from '@loan/shared-contract';
import { reportRows, resolveBranchFilter, type BranchScope, type Db, type TableColumn } from '@loan/shared-server';
import { share } from './money-math';

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
 * GET /api/reports/collections. What fell due (the loans' instalments, as loan_schedule has
 * them; only those due by today: the future is not yet due) against what was collected
 * (repayments not reversed), by business date (Lusaka) and the loan's branch, read from the
 * report_daily summary (migration 1100, kept in step in the writes' transactions).
 */
export async function collections(db: Db, q: ReportFilters, scope: BranchScope): Promise<CollectionsReport> {
  const branchId = await resolveBranchFilter(db, q.branch, scope);
  if (branchId === null) return { rows: [] };
  const notFuture = sql`d.day <= business_today()`;
  const rows = await reportRows<CollectionsDbRow>(
    db,
    sql`WITH m AS (
          SELECT to_char(d.day, 'YYYY-MM') AS month, d.branch_id,
                 coalesce(sum(d.due) FILTER (WHERE ${notFuture}), 0) AS due, sum(d.collected) AS collected
            FROM report_daily d
           WHERE ${dated(q, sql`d.day`, sql`d.branch_id`, branchId)}
           GROUP BY 1, 2
          -- A month and branch is shown when an instalment fell due or a repayment came in.
          HAVING coalesce(sum(d.due_count) FILTER (WHERE ${notFuture}), 0) > 0 OR sum(d.collected_count) > 0
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
  disbursed: string | null;
  disbursed_count: number | null;
  repaid: string | null;
  repaid_count: number | null;
}

/**
 * GET /api/reports/disbursed-vs-repaid: successful disbursements and live repayments per
 * Lusaka month, read from the report_daily summary (migration 1100).
 */
export async function disbursedVsRepaid(db: Db, q: ReportFilters, scope: BranchScope): Promise<CashflowReport> {
  const branchId = await resolveBranchFilter(db, q.branch, scope);
  const none: CashflowMonth = { month: 'All', disbursed: '0.00', disbursed_count: 0, repaid: '0.00', repaid_count: 0 };
  if (branchId === null) return { months: [], totals: none };
  const rows = await reportRows<CashflowDbRow>(
    db,
    sql`SELECT to_char(d.day, 'YYYY-MM') AS month,
               sum(d.disbursed)::numeric(18,2)::text AS disbursed, sum(d.disbursed_count)::int AS disbursed_count,
               sum(d.collected)::numeric(18,2)::text AS repaid, sum(d.collected_count)::int AS repaid_count
          FROM report_daily d
         WHERE ${dated(q, sql`d.day`, sql`d.branch_id`, branchId)}
         GROUP BY GROUPING SETS ((1), ())
        -- A month is shown when something was paid out or repaid in it.
        HAVING sum(d.disbursed_count) > 0 OR sum(d.collected_count) > 0 OR grouping(to_char(d.day, 'YYYY-MM')) = 1
         ORDER BY 1 NULLS LAST`,
  );
  const toMonth = (r: CashflowDbRow, month: string): CashflowMonth => ({
    month,
    disbursed: r.disbursed ?? '0.00',
    disbursed_count: Number(r.disbursed_count ?? 0),
    repaid: r.repaid ?? '0.00',
    repaid_count: Number(r.repaid_count ?? 0),
  });
  const totals = rows.find((r) => r.month === null);
  return {
    months: rows.filter((r) => r.month !== null).map((r) => toMonth(r, r.month as string)),
    totals: totals ? toMonth(totals, 'All') : none,
  };
}

export const CASHFLOW_COLUMNS: TableColumn<CashflowMonth>[] = [
  { key: 'month', header: 'Month' },
  { key: 'disbursed', header: 'Disbursed', type: 'money', width: 16 },
  { key: 'disbursed_count', header: 'Disbursements', type: 'number', width: 14 },
  { key: 'repaid', header: 'Repaid', type: 'money', width: 16 },
  { key: 'repaid_count', header: 'Repayments', type: 'number', width: 14 },
];
