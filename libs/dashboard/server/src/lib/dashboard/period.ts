import type { DashboardMonth } from '@loan/shared-contract';
import { addCalendarDays, businessDateOf, businessInstant, startOfBusinessDay, startOfBusinessMonth } from '@loan/shared-util-format';

// Business days and months come from the one business-time helper (@loan/shared-util-format):
// 'yesterday' and 'today' start at midnight in the business time zone.
export { startOfBusinessDay, startOfBusinessMonth };

/** The business date ('2026-03-01') of an instant, as the day summaries key it. */
export const businessDate = (at: Date): string => businessDateOf(at);

/** Spec §2 'From yesterday to {time} today': [start of yesterday, now). */
export function yesterdayUntilNow(now: Date): { from: Date; to: Date } {
  return { from: businessInstant(addCalendarDays(businessDateOf(now), -1)), to: now };
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
