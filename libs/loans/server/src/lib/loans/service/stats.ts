import { LOAN_STATUSES, MONTHS, formatDecimalTotal, type LoanKind, type LoanMonthlyStats, type LoanRequestsStats, type LoanStatus, type LoanStatusStats, type MonthlyTotal } from '@loan/shared-contract';
import type { BranchScope, Db } from '@loan/shared-server';
import * as repo from '../repository';
import { resolveBranch } from './common';

/** Figures of applications and top-ups, from loan_stats_monthly (never a scan per request). */

const thisYear = () => String(new Date().getUTCFullYear());

export async function requestsStats(db: Db, kind: LoanKind, q: { branch?: string }, scope: BranchScope): Promise<LoanRequestsStats> {
  const zero = { count: 0, total_amount: '0.00', total_amount_due: '0.00' };
  const byStatus = Object.fromEntries(LOAN_STATUSES.map((s) => [s, { ...zero }])) as LoanRequestsStats['byStatus'];
  const branchId = await resolveBranch(db, q.branch, scope);
  if (branchId === null) return { total: zero, byStatus };
  const rows = await repo.statsByStatus(db, { kind, branchId });
  for (const r of rows) byStatus[r.status] = { count: r.count, total_amount: r.totalAmount, total_amount_due: r.totalAmountDue };
  const all = await repo.statsTotals(db, { kind, branchId });
  return { total: { count: all.count, total_amount: all.totalAmount, total_amount_due: all.totalAmountDue }, byStatus };
}

export async function statsByStatus(
  db: Db,
  kind: LoanKind,
  q: { status: LoanStatus; branch?: string },
  scope: BranchScope,
): Promise<LoanStatusStats> {
  const branchId = await resolveBranch(db, q.branch, scope);
  if (branchId === null) return { status: q.status, count: 0, total_amount: '0.00', total_amount_due: '0.00' };
  const t = await repo.statsTotals(db, { kind, status: q.status, branchId });
  return { status: q.status, count: t.count, total_amount: t.totalAmount, total_amount_due: t.totalAmountDue };
}

function monthRange(year: string, month?: string): { fromMonth: string; toMonth: string } {
  if (!month) return { fromMonth: `${year}-01-01`, toMonth: `${Number(year) + 1}-01-01` };
  const m = Number(month);
  const next = m === 12 ? `${Number(year) + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
  return { fromMonth: `${year}-${month}-01`, toMonth: next };
}

/** GET /total-value: the sum of total_amount_due created in the month (or year) of the current year. */
export async function totalValue(
  db: Db,
  kind: LoanKind,
  q: { month?: string; year?: string; status?: LoanStatus; branch?: string },
  scope: BranchScope,
): Promise<MonthlyTotal> {
  const month = q.month ?? 'all';
  const branchId = await resolveBranch(db, q.branch, scope);
  if (branchId === null) return { total_value: '0.00', count: 0, month, formatted_total: '0.00' };
  const t = await repo.statsTotals(db, { kind, status: q.status, branchId, ...monthRange(q.year ?? thisYear(), q.month) });
  return { total_value: t.totalAmountDue, count: t.count, month, formatted_total: formatDecimalTotal(t.totalAmountDue) };
}

const STATUS_KEY: Record<LoanStatus, 'req' | 'app' | 'rej' | 'clo'> = { request: 'req', approved: 'app', rejected: 'rej', closed: 'clo' };

export async function monthlyStats(db: Db, kind: LoanKind, q: { year?: string; branch?: string }, scope: BranchScope): Promise<LoanMonthlyStats> {
  const year = q.year ?? thisYear();
  const months = Object.fromEntries(MONTHS.map((m) => [m.abbr, { req: 0, app: 0, rej: 0, clo: 0 }])) as LoanMonthlyStats['months'];
  const branchId = await resolveBranch(db, q.branch, scope);
  if (branchId === null) return { year, months };
  for (const r of await repo.statsByMonthAndStatus(db, { kind, branchId, ...monthRange(year) })) {
    const abbr = MONTHS[Number(r.month.slice(5, 7)) - 1].abbr;
    months[abbr][STATUS_KEY[r.status]] += r.count;
  }
  return { year, months };
}

