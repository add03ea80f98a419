import { z } from 'zod';
import { MONTHS } from './constants';
import { moneySchema, timestampSchema } from './fields';

/**
 * Dashboard shapes (spec §3 "Card stats", "Monthly graph stats", "Loan offer stats";
 * the SMS and disbursement shapes are ours, spec §3 leaves them "not shown").
 * Amounts travel as exact decimal strings with two places ('12500.00'), never floats.
 */

export { DASHBOARD_PATHS } from './domain-paths';

/** The screen's two filters (spec §4 "Dashboard filter"). */
export const DASHBOARD_FILTERS = ['yesterday', 'month'] as const;
export type DashboardFilter = (typeof DASHBOARD_FILTERS)[number];

/** The month select's codes, 01..12 (spec §9); the same codes as MONTHS. */
export const dashboardMonthSchema = z.enum(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
export type DashboardMonth = z.infer<typeof dashboardMonthSchema>;

const count = z.number().int().nonnegative();

/**
 * Query of the monthly endpoints: `month` is a two-digit code, or empty/absent for the
 * whole year ('All Months'); `year` is a four-digit string, absent meaning the current year.
 */
export const monthlyStatsQuerySchema = z.object({
  month: z.union([dashboardMonthSchema, z.literal('')]).optional(),
  year: z
    .string()
    .regex(/^\d{4}$/, 'Year must have four digits')
    .refine((y) => Number(y) >= 2000 && Number(y) <= 2100, 'Year is out of range')
    .optional(),
});
export type MonthlyStatsQuery = z.infer<typeof monthlyStatsQuerySchema>;

export const cardStatsSchema = z.object({
  applicationsRequestsMoney: moneySchema,
  applicationsRequestsCount: count,
  applicationsRejectedMoney: moneySchema,
  applicationsRejectedCount: count,
  applicationsApprovedMoney: moneySchema,
  applicationsApprovedCount: count,
  offerLetterPendingCount: count,
  offerLetterExpiredCount: count,
  offerLetterSignedCount: count,
  /** The month code asked for, or null (yesterday, or the whole year). */
  selected_month: dashboardMonthSchema.nullable(),
  /** The period counted, as ISO instants: [from, to). */
  from: timestampSchema,
  to: timestampSchema,
});
export type CardStats = z.infer<typeof cardStatsSchema>;

export const monthCountsSchema = z.object({
  req: count,
  app: count,
  rej: count,
  clo: count,
});
export type MonthCounts = z.infer<typeof monthCountsSchema>;

const byMonthShape = Object.fromEntries(MONTHS.map((m) => [m.abbr, monthCountsSchema])) as Record<
  (typeof MONTHS)[number]['abbr'],
  typeof monthCountsSchema
>;
export const countsByMonthSchema = z.object(byMonthShape);
export type CountsByMonth = z.infer<typeof countsByMonthSchema>;

export const monthlyGraphStatsSchema = z.object({
  topUps: countsByMonthSchema,
  applications: countsByMonthSchema,
  selected_month: dashboardMonthSchema.nullable(),
  year: z.string(),
});
export type MonthlyGraphStats = z.infer<typeof monthlyGraphStatsSchema>;

export const loanOfferStatsSchema = z.object({
  pendingCount: count,
  expiredCount: count,
  signedCount: count,
});
export type LoanOfferStats = z.infer<typeof loanOfferStatsSchema>;

/** SMS statistics: every message of the outbox, by delivery state, and recent volume. */
export const smsStatsSchema = z.object({
  totalCount: count,
  sentCount: count,
  failedCount: count,
  pendingCount: count,
  todayCount: count,
  thisMonthCount: count,
});
export type SmsStats = z.infer<typeof smsStatsSchema>;

const countAndAmount = z.object({ count, amount: moneySchema });
export type CountAndAmount = z.infer<typeof countAndAmount>;

/** Disbursement transactions by outcome, plus reconciliation and today's volume. */
export const disbursementStatsSchema = z.object({
  total: countAndAmount,
  successful: countAndAmount,
  pending: countAndAmount,
  failed: countAndAmount,
  reconciledCount: count,
  unreconciledCount: count,
  today: countAndAmount,
  /** Since the start of this month (Lusaka), every outcome, like `today`. */
  thisMonth: countAndAmount,
});
export type DisbursementStats = z.infer<typeof disbursementStatsSchema>;

/** Twelve zeroed months, jan..dec. */
export function emptyCountsByMonth(): CountsByMonth {
  return Object.fromEntries(MONTHS.map((m) => [m.abbr, { req: 0, app: 0, rej: 0, clo: 0 }])) as CountsByMonth;
}
