import type {
  CardStats,
  DashboardMonth,
  DisbursementStats,
  LoanOfferStats,
  MonthlyGraphStats,
  MonthlyStatsQuery,
  SmsStats,
} from '@loan/shared-contract';
import { sumMoney } from '@loan/shared-contract';
import type { BranchScope, Db } from '@loan/shared-server';
import * as repo from './repository';
import { businessDate, monthRange, startOfBusinessDay, startOfBusinessMonth, yesterdayUntilNow } from './period';

function cardStats(
  totals: repo.StatusTotals,
  offers: LoanOfferStats,
  selectedMonth: DashboardMonth | null,
  range: { from: Date; to: Date },
): CardStats {
  return {
    applicationsRequestsMoney: totals.request.amount,
    applicationsRequestsCount: totals.request.count,
    applicationsRejectedMoney: totals.rejected.amount,
    applicationsRejectedCount: totals.rejected.count,
    applicationsApprovedMoney: totals.approved.amount,
    applicationsApprovedCount: totals.approved.count,
    offerLetterPendingCount: offers.pendingCount,
    offerLetterExpiredCount: offers.expiredCount,
    offerLetterSignedCount: offers.signedCount,
    selected_month: selectedMonth,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
  };
}

/** The year asked for, or the current (UTC) year: monthly queries use the current year (spec §9). */
function yearOf(query: MonthlyStatsQuery, now: Date): number {
  return query.year ? Number(query.year) : now.getUTCFullYear();
}

/** Applications created from the start of yesterday until now, by status; offer letters of the same period. */
export async function dailyCardStats(db: Db, scope: BranchScope, now = new Date()): Promise<CardStats> {
  const range = yesterdayUntilNow(now);
  const { totals, offers } = await repo.dayStats(db, scope, range, { first: businessDate(range.from), last: businessDate(now) });
  return cardStats(totals, offers, null, range);
}

/** Applications created in one month of the year (or the whole year), by status. */
export async function monthlyCardStats(db: Db, scope: BranchScope, query: MonthlyStatsQuery, now = new Date()): Promise<CardStats> {
  const range = monthRange(yearOf(query, now), query.month);
  const [totals, offers] = await Promise.all([
    repo.applicationTotalsForMonths(db, scope, range.from, range.to),
    repo.offerLetterStatsForMonths(db, scope, range),
  ]);
  return cardStats(totals, offers, query.month || null, range);
}

/** Applications and top-ups created in each month of the year, by current status. */
export async function monthlyChartStats(db: Db, scope: BranchScope, query: MonthlyStatsQuery, now = new Date()): Promise<MonthlyGraphStats> {
  const year = yearOf(query, now);
  const groups = await repo.countsByMonth(db, scope, year);
  return { ...groups, selected_month: query.month || null, year: String(year) };
}

/** Offer letters by state: all of them, or those created in one month (spec §7: empty payload unless one month). */
export async function offerCardStats(db: Db, scope: BranchScope, query: MonthlyStatsQuery, now = new Date()): Promise<LoanOfferStats> {
  if (!query.month) return repo.offerLetterStatsForMonths(db, scope);
  return repo.offerLetterStatsForMonths(db, scope, monthRange(yearOf(query, now), query.month));
}

export async function smsStats(db: Db, scope: BranchScope, now = new Date()): Promise<SmsStats> {
  const r = await repo.smsCounts(db, scope, startOfBusinessDay(now), startOfBusinessMonth(now));
  return {
    totalCount: Number(r.total),
    sentCount: Number(r.sent),
    failedCount: Number(r.failed),
    pendingCount: Number(r.queued),
    todayCount: Number(r.today),
    thisMonthCount: Number(r.month),
  };
}

export async function disbursementStats(db: Db, scope: BranchScope, now = new Date()): Promise<DisbursementStats> {
  const [rows, today, thisMonth] = await Promise.all([
    repo.disbursementTotals(db, scope),
    repo.disbursementsSince(db, scope, businessDate(startOfBusinessDay(now))),
    repo.disbursementsSince(db, scope, businessDate(startOfBusinessMonth(now))),
  ]);
  const pick = (f: (r: repo.DisbursementRow) => boolean) => {
    const hit = rows.filter(f);
    return { count: hit.reduce((n, r) => n + Number(r.count), 0), amount: sumMoney(...hit.map((r) => r.amount)) };
  };
  return {
    total: pick(() => true),
    successful: pick((r) => r.status === 'success'),
    pending: pick((r) => r.status === 'pending'),
    failed: pick((r) => r.status === 'failed'),
    reconciledCount: pick((r) => r.reconciled).count,
    unreconciledCount: pick((r) => !r.reconciled).count,
    today,
    thisMonth,
  };
}
