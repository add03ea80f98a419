export {
  dashboardApi,
  monthParams,
  type MonthArgs,
  useGetDailyCardStatsQuery,
  useGetMonthlyCardStatsQuery,
  useGetMonthlyChartStatsQuery,
  useGetOfferLetterCardStatsQuery,
  useGetSmsStatsQuery,
  useGetDisbursementStatsQuery,
} from './lib/dashboard-api';
