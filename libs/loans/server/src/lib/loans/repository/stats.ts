import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { LoanKind, LoanStatus } from '@loan/shared-contract';
import type { Db } from '@loan/shared-server';
import { loanStatsMonthly as st } from '@loan/shared-server/schema';
import { readRows } from './rows';

/** Counts and sums of applications, from loan_stats_monthly (kept by triggers in the same transactions). */

export interface StatsScope {
  kind: LoanKind;
  status?: LoanStatus;
  branchId?: number;
  /** First day of the first month (YYYY-MM-01), inclusive. */
  fromMonth?: string;
  /** First day of the month after the last, exclusive. */
  toMonth?: string;
}

function statsWhere(s: StatsScope): SQL {
  const conds: SQL[] = [eq(st.kind, s.kind)];
  if (s.status) conds.push(eq(st.status, s.status));
  if (s.branchId !== undefined) conds.push(eq(st.branchId, s.branchId));
  if (s.fromMonth) conds.push(sql`${st.month} >= ${s.fromMonth}::date`);
  if (s.toMonth) conds.push(sql`${st.month} < ${s.toMonth}::date`);
  return and(...conds) as SQL;
}

export interface StatsTotals {
  count: number;
  totalAmount: string;
  totalAmountDue: string;
}

const totalsColumns = {
  count: sql<string>`coalesce(sum(${st.count}), 0)::text`,
  totalAmount: sql<string>`coalesce(sum(${st.totalAmount}), 0)::numeric(18,2)::text`,
  totalAmountDue: sql<string>`coalesce(sum(${st.totalAmountDue}), 0)::numeric(18,2)::text`,
};

export async function statsTotals(db: Db, scope: StatsScope): Promise<StatsTotals> {
  // Plain SQL: read on every list request (see LIST_COLUMNS).
  const [row] = await readRows<{ count: string; total_amount: string; total_amount_due: string }>(
    db,
    sql`SELECT coalesce(sum(count), 0)::text AS count,
               coalesce(sum(total_amount), 0)::numeric(18,2)::text AS total_amount,
               coalesce(sum(total_amount_due), 0)::numeric(18,2)::text AS total_amount_due
          FROM loan_stats_monthly WHERE ${statsWhere(scope)}`,
    true,
  );
  return { count: Number(row.count), totalAmount: row.total_amount, totalAmountDue: row.total_amount_due };
}

export async function statsByStatus(db: Db, scope: StatsScope): Promise<(StatsTotals & { status: LoanStatus })[]> {
  const rows = await db
    .select({ status: st.status, ...totalsColumns })
    .from(st)
    .where(statsWhere(scope))
    .groupBy(st.status);
  return rows.map((r) => ({
    status: r.status as LoanStatus,
    count: Number(r.count),
    totalAmount: r.totalAmount,
    totalAmountDue: r.totalAmountDue,
  }));
}

/** Row counts per month (newest first) of a scope: where a page number's rows begin. */
export async function monthCounts(db: Db, scope: StatsScope): Promise<{ month: string; count: number }[]> {
  const rows = await readRows<{ month: string; count: string }>(
    db,
    sql`SELECT to_char(month, 'YYYY-MM-DD') AS month, sum(count)::text AS count
          FROM loan_stats_monthly WHERE ${statsWhere(scope)}
         GROUP BY month HAVING sum(count) > 0 ORDER BY month DESC`,
    true,
  );
  return rows.map((r) => ({ month: r.month, count: Number(r.count) }));
}

export async function statsByMonthAndStatus(
  db: Db,
  scope: StatsScope,
): Promise<{ month: string; status: LoanStatus; count: number }[]> {
  const rows = await db
    .select({ month: st.month, status: st.status, count: sql<string>`sum(${st.count})::text` })
    .from(st)
    .where(statsWhere(scope))
    .groupBy(st.month, st.status);
  return rows.map((r) => ({ month: r.month, status: r.status as LoanStatus, count: Number(r.count) }));
}

