import type { DashboardMonth } from '@loan/shared-contract';

/**
 * Zambia keeps UTC+2 all year (no daylight saving), so the business day is a fixed
 * offset: 'yesterday' and 'today' start at midnight in Lusaka.
 */
export const BUSINESS_UTC_OFFSET_MS = 2 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Start of the business day that contains `now`. */
export function startOfBusinessDay(now: Date): Date {
  const local = new Date(now.getTime() + BUSINESS_UTC_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - BUSINESS_UTC_OFFSET_MS);
}

/** The Lusaka calendar date ('2026-03-01') of an instant, as the day summaries key it. */
export function businessDate(at: Date): string {
  return new Date(at.getTime() + BUSINESS_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** Spec §2 'From yesterday to {time} today': [start of yesterday, now). */
export function yesterdayUntilNow(now: Date): { from: Date; to: Date } {
  return { from: new Date(startOfBusinessDay(now).getTime() - DAY_MS), to: now };
}

/** Start of the business month that contains `now`. */
export function startOfBusinessMonth(now: Date): Date {
  const local = new Date(now.getTime() + BUSINESS_UTC_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - BUSINESS_UTC_OFFSET_MS);
}

/**
 * A calendar month of `year`, or the whole year when `month` is empty, as first days of
 * months [fromMonth, toMonth). Months are UTC months, as in loan_stats_monthly (which the
 * monthly figures read), so the monthly cards, the chart and the lists agree.
 */
export function monthRange(year: number, month: DashboardMonth | '' | undefined): { from: Date; to: Date } {
  if (!month) return { from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)) };
  const m = Number(month) - 1;
  return { from: new Date(Date.UTC(year, m, 1)), to: new Date(Date.UTC(year, m + 1, 1)) };
}

/** '2026-03-01' for a month start. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}
