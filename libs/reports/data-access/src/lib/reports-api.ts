import { api, saveFileResponse, type DownloadOutcome } from '@loan/shared-data-access-api';
import {
  REPORT_DOWNLOAD_MESSAGES,
  REPORT_FILE_NAMES,
  REPORTS_PATHS,
  type ClosedUnsignedBranchStat,
  type FunnelReport,
  type ListEnvelope,
  type LoanApplication,
  type OfferLettersReport,
  type PortfolioAtRisk,
  type CollectionsReport,
  type CashflowReport,
} from '@loan/shared-contract';

/** The filters every report takes (spec §5: each sent only when present). */
export interface ReportFilterValues {
  fromDate?: string;
  toDate?: string;
  branch?: string;
}
export const REPORT_FILTERS = ['fromDate', 'toDate', 'branch'] as const;

/** The query string of a report: only the filters that hold a value. */
export function reportParams(f: ReportFilterValues): Record<string, string> {
  const params: Record<string, string> = {};
  for (const k of REPORT_FILTERS) {
    const v = f[k]?.trim();
    if (v && v !== 'null') params[k] = v;
  }
  return params;
}

export interface UnsignedClosedArgs extends ReportFilterValues {
  page: number;
  pageSize: number;
}

/** The reports a user can download, and where each one downloads from. */
export const DOWNLOADABLE_REPORTS = {
  closedUnsigned: { path: REPORTS_PATHS.closedUnsigned, filename: REPORT_FILE_NAMES.closedUnsigned },
  offerLetters: { path: REPORTS_PATHS.offerLetters, filename: REPORT_FILE_NAMES.offerLetters },
  funnel: { path: REPORTS_PATHS.funnel, filename: REPORT_FILE_NAMES.funnel },
  portfolioAtRisk: { path: REPORTS_PATHS.portfolioAtRisk, filename: REPORT_FILE_NAMES.portfolioAtRisk },
  collections: { path: REPORTS_PATHS.collections, filename: REPORT_FILE_NAMES.collections },
  disbursedRepaid: { path: REPORTS_PATHS.disbursedRepaid, filename: REPORT_FILE_NAMES.disbursedRepaid },
} as const;
export type DownloadableReport = keyof typeof DOWNLOADABLE_REPORTS;
export type DownloadFormat = 'csv' | 'xlsx';

export interface DownloadReportArgs {
  report: DownloadableReport;
  format: DownloadFormat;
  filters: ReportFilterValues;
}

const fallbackName = (a: DownloadReportArgs) => `${DOWNLOADABLE_REPORTS[a.report].filename.replace(/\.csv$/, '')}.${a.format}`;

export const reportsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getClosedUnsignedStats: b.query<ClosedUnsignedBranchStat[], ReportFilterValues>({
      query: (f) => ({ url: REPORTS_PATHS.closedUnsignedStatsByBranch, params: reportParams(f) }),
      providesTags: [{ type: 'Report', id: 'closed-unsigned' }, 'Application'],
    }),
    getUnsignedClosed: b.query<ListEnvelope<LoanApplication>, UnsignedClosedArgs>({
      query: ({ page, pageSize, ...f }) => ({ url: REPORTS_PATHS.unsignedClosed, params: { page, pageSize, ...reportParams(f) } }),
      providesTags: [{ type: 'Report', id: 'closed-unsigned' }, 'Application'],
    }),
    getOfferLettersReport: b.query<OfferLettersReport, ReportFilterValues>({
      query: (f) => ({ url: REPORTS_PATHS.offerLetters, params: reportParams(f) }),
      providesTags: [{ type: 'Report', id: 'offer-letters' }, 'OfferLetter'],
    }),
    getFunnelReport: b.query<FunnelReport, ReportFilterValues>({
      query: (f) => ({ url: REPORTS_PATHS.funnel, params: reportParams(f) }),
      providesTags: [{ type: 'Report', id: 'funnel' }, 'Application', 'OfferLetter', 'Disbursement'],
    }),
    getPortfolioAtRisk: b.query<PortfolioAtRisk, ReportFilterValues>({
      query: (f) => ({ url: REPORTS_PATHS.portfolioAtRisk, params: reportParams(f) }),
      providesTags: [{ type: 'Report', id: 'par' }, 'Repayment', 'Disbursement', 'Application'],
    }),
    getCollectionsReport: b.query<CollectionsReport, ReportFilterValues>({
      query: (f) => ({ url: REPORTS_PATHS.collections, params: reportParams(f) }),
      providesTags: [{ type: 'Report', id: 'collections' }, 'Repayment', 'Disbursement'],
    }),
    getDisbursedRepaidReport: b.query<CashflowReport, ReportFilterValues>({
      query: (f) => ({ url: REPORTS_PATHS.disbursedRepaid, params: reportParams(f) }),
      providesTags: [{ type: 'Report', id: 'disbursed-repaid' }, 'Repayment', 'Disbursement'],
    }),
    /**
     * A report as a file (CSV or .xlsx), saved by the browser under the api's file name;
     * the outcome toasts are the spec's (§8): a network failure is an error, any other a failure.
     */
    downloadReport: b.mutation<DownloadOutcome, DownloadReportArgs>({
      query: (a) => ({
        url: DOWNLOADABLE_REPORTS[a.report].path,
        method: 'GET',
        params: { ...reportParams(a.filters), format: a.format },
        responseHandler: saveFileResponse(fallbackName(a)),
        cache: 'no-store',
      }),
      extraOptions: {
        toast: {
          success: REPORT_DOWNLOAD_MESSAGES.success,
          error: (e) => (e.status === 'FETCH_ERROR' || e.status === 'PARSING_ERROR' ? REPORT_DOWNLOAD_MESSAGES.error : REPORT_DOWNLOAD_MESSAGES.failed),
        },
      },
    }),
  }),
});

export const {
  useGetClosedUnsignedStatsQuery,
  useGetUnsignedClosedQuery,
  useGetOfferLettersReportQuery,
  useGetFunnelReportQuery,
  useGetPortfolioAtRiskQuery,
  useGetCollectionsReportQuery,
  useGetDisbursedRepaidReportQuery,
  useDownloadReportMutation,
} = reportsApi;
