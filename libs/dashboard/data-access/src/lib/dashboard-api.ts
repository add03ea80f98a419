import { api } from '@loan/shared-data-access-api';
import {
  DASHBOARD_PATHS,
  type CardStats,
  type DisbursementStats,
  type LoanOfferStats,
  type DashboardMonth,
  type MonthlyGraphStats,
  type SmsStats,
} from '@loan/shared-contract';

/** A month of the current year, or the whole year when `month` is empty ('All Months'). */
export interface MonthArgs {
  month: DashboardMonth | '';
  year: string;
}

/** Query string of the monthly calls; an empty month is left out (the whole year). */
export function monthParams(args: MonthArgs | void): Record<string, string> | undefined {
  if (!args) return undefined;
  return args.month ? { month: args.month, year: args.year } : { year: args.year };
}

// Every dashboard query carries the 'Dashboard' tag, so a mutation elsewhere (approving an
// application, signing an offer, a disbursement) refetches it without importing this lib.
const TAGS = ['Dashboard' as const];

export const dashboardApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getDailyCardStats: b.query<CardStats, void>({
      query: () => DASHBOARD_PATHS.dailyCardStats,
      providesTags: TAGS,
    }),
    getMonthlyCardStats: b.query<CardStats, MonthArgs>({
      query: (args) => ({ url: DASHBOARD_PATHS.monthlyCardStats, params: monthParams(args) }),
      providesTags: TAGS,
    }),
    getMonthlyChartStats: b.query<MonthlyGraphStats, MonthArgs | void>({
      query: (args) => ({ url: DASHBOARD_PATHS.monthlyChartStats, params: monthParams(args) }),
      providesTags: TAGS,
    }),
    /** Spec §7: an empty payload unless one month is chosen. */
    getOfferLetterCardStats: b.query<LoanOfferStats, { month: DashboardMonth; year: string } | void>({
      query: (args) => ({ url: DASHBOARD_PATHS.offerLetterCardStats, params: args ? { ...args } : undefined }),
      providesTags: TAGS,
    }),
    getSmsStats: b.query<SmsStats, void>({
      query: () => DASHBOARD_PATHS.smsStats,
      providesTags: TAGS,
    }),
    getDisbursementStats: b.query<DisbursementStats, void>({
      query: () => DASHBOARD_PATHS.disbursementStats,
      providesTags: TAGS,
    }),
  }),
});

export const {
  useGetDailyCardStatsQuery,
  useGetMonthlyCardStatsQuery,
  useGetMonthlyChartStatsQuery,
  useGetOfferLetterCardStatsQuery,
  useGetSmsStatsQuery,
  useGetDisbursementStatsQuery,
} = dashboardApi;
