import {
  FUNNEL_STEP_LABELS,
  PAR_BUCKETS,
  PAR_BUCKET_LABELS,
  type CashflowMonth,
  type CashflowReport,
  type ClosedUnsignedBranchStat,
  type CollectionsReport,
  type CollectionsRow,
  type FunnelReport,
  type FunnelStepRow,
  type OfferLettersMonth,
  type OfferLettersReport,
  type ParFigures,
  type PortfolioAtRisk,
} from '@loan/shared-contract';
import {
  useGetClosedUnsignedStatsQuery,
  useGetCollectionsReportQuery,
  useGetDisbursedRepaidReportQuery,
  useGetFunnelReportQuery,
  useGetOfferLettersReportQuery,
  useGetPortfolioAtRiskQuery,
  type DownloadableReport,
  type ReportFilterValues,
} from '@loan/reports-data-access';
import { Money, formatCompact, type ReportDescriptor } from '@loan/shared-ui';
import { formatDate, formatMoney } from '@loan/shared-util-format';
import { formatHours, formatMonth, formatRate } from './report-format';

/** What a report query hook answers (RTK Query's result, the fields the section reads). */
export interface ReportQueryResult<D> {
  data?: D;
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** One report on /reports: its descriptor, the query behind it, and its downloads. */
export interface ReportEntry<D, R> {
  report: ReportDescriptor<D, R>;
  useReport: (filters: ReportFilterValues) => ReportQueryResult<D>;
  download: { report: DownloadableReport; what: string };
}

const money = (v: string) => <Money value={v} />;
/** An amount in a wide table whose description says "Amounts in ZMW" once: it fits at 1280 px. */
const amount = (v: string) => <Money value={v} bare />;
const monthLabel = (m: string) => (m === 'All' ? 'All months' : formatMonth(m));

// --- Closed unsigned loans by branch (spec §1) ---

function closedUnsignedTotal(stats: ClosedUnsignedBranchStat[]): ClosedUnsignedBranchStat {
  // Sums of two-decimal strings in ngwee (integers): exact, whatever the number of branches.
  const ngwee = stats.reduce((n, s) => n + BigInt(s.total_amount.replace('.', '')), 0n);
  return {
    branch_id: -1,
    branch: 'All branches',
    count: stats.reduce((n, s) => n + s.count, 0),
    total_amount: `${ngwee / 100n}.${String(ngwee % 100n).padStart(2, '0')}`,
  };
}

export const closedUnsignedReport: ReportDescriptor<ClosedUnsignedBranchStat[], ClosedUnsignedBranchStat> = {
  title: 'Closed unsigned loans',
  description: () => 'Closed loans whose offer letter was never signed, by the day they closed.',
  isEmpty: (stats) => stats.length === 0,
  emptyMessage: 'No closed unsigned loans for these filters.',
  loadingHeight: 280,
  layout: 'wide-chart',
  chart: {
    id: 'closed-unsigned-by-branch',
    testId: 'closed-unsigned-chart',
    colors: ['#ca8a04', '#2563eb'],
    values: 'count',
    trimLabels: true,
    height: 280,
    categories: (stats) => stats.map((s) => s.branch || 'No branch'),
    series: (stats) => [
      { name: 'Loans', data: stats.map((s) => s.count) },
      { name: 'Amount', data: stats.map((s) => Number(s.total_amount)) },
    ],
    options: () => ({
      yaxis: [
        { seriesName: 'Loans', title: { text: 'Loans' }, min: 0, forceNiceScale: true, labels: { formatter: (v: number) => String(Math.round(v)) } },
        { seriesName: 'Amount', opposite: true, title: { text: 'Amount (ZMW)' }, min: 0, labels: { formatter: (v: number) => formatCompact(v) } },
      ],
      tooltip: { y: { formatter: (v: number, o?: { seriesIndex: number }) => (o?.seriesIndex === 1 ? formatMoney(v) : String(v)) } },
    }),
  },
  table: {
    caption: 'Closed unsigned loans by branch',
    rows: (stats) => [...stats, closedUnsignedTotal(stats)],
    rowKey: (s) => String(s.branch_id),
    isTotal: (s) => s.branch_id === -1,
    columns: [
      { header: 'Branch', cell: (s) => s.branch || 'No branch' },
      { header: 'Loans', align: 'right', cell: (s) => s.count },
      { header: 'Amount', align: 'right', cell: (s) => money(s.total_amount) },
    ],
  },
};

// --- Portfolio at risk ---

type ParRow = { key: string; label: string; f: ParFigures };

export const parReport: ReportDescriptor<PortfolioAtRisk, ParRow> = {
  title: 'Portfolio at risk',
  description: (r) => `As of ${formatDate(r.as_of)}; amounts in ZMW; the dates pick loans by the day they were disbursed.`,
  isEmpty: (r) => r.branches.length === 0,
  emptyMessage: 'No disbursed loans with a balance for these filters.',
  loadingHeight: 220,
  layout: 'stack',
  chart: {
    id: 'portfolio-at-risk',
    testId: 'par-chart',
    colors: ['#16a34a', '#ca8a04', '#ea580c', '#dc2626', '#7f1d1d'],
    values: 'money',
    horizontal: true,
    stacked: true,
    height: (r) => Math.max(200, 60 + r.branches.length * 44),
    categories: (r) => r.branches.map((b) => b.branch || 'No branch'),
    series: (r) => PAR_BUCKETS.map((k) => ({ name: PAR_BUCKET_LABELS[k], data: r.branches.map((b) => Number(b[k])) })),
  },
  table: {
    caption: 'Portfolio at risk by branch',
    rows: (r) => [...r.branches.map((b) => ({ key: String(b.branch_id), label: b.branch || 'No branch', f: b })), { key: 'all', label: 'All branches', f: r.totals }],
    rowKey: (r) => r.key,
    isTotal: (r) => r.key === 'all',
    columns: [
      { header: 'Branch', cell: (r) => r.label },
      { header: 'Loans', align: 'right', cell: (r) => r.f.loans },
      { header: 'Outstanding', align: 'right', cell: (r) => amount(r.f.outstanding) },
      ...PAR_BUCKETS.map((k) => ({ header: PAR_BUCKET_LABELS[k], align: 'right' as const, cell: (r: ParRow) => amount(r.f[k]) })),
      { header: 'PAR30', align: 'right', cell: (r) => formatRate(r.f.par30) },
      { header: 'PAR60', align: 'right', cell: (r) => formatRate(r.f.par60) },
      { header: 'PAR90', align: 'right', cell: (r) => formatRate(r.f.par90) },
    ],
  },
};

// --- Collections ---

const monthTotals = (r: CollectionsReport) => r.rows.filter((x) => x.branch_id === 0 && x.month !== 'All');

export const collectionsReport: ReportDescriptor<CollectionsReport, CollectionsRow> = {
  title: 'Collections',
  isEmpty: (r) => r.rows.length === 0,
  emptyMessage: 'Nothing fell due or was collected for these filters.',
  loadingHeight: 260,
  layout: 'stack',
  chart: {
    id: 'collections',
    testId: 'collections-chart',
    colors: ['#94a3b8', '#16a34a'],
    values: 'money',
    height: 260,
    categories: (r) => monthTotals(r).map((m) => formatMonth(m.month)),
    series: (r) => [
      { name: 'Due', data: monthTotals(r).map((m) => Number(m.due)) },
      { name: 'Collected', data: monthTotals(r).map((m) => Number(m.collected)) },
    ],
  },
  table: {
    caption: 'Collections per month and branch',
    className: 'max-h-96 overflow-y-auto',
    rows: (r) => r.rows,
    rowKey: (r) => `${r.month}-${r.branch_id}`,
    isTotal: (r) => r.branch_id === 0,
    columns: [
      { header: 'Month', cell: (r) => monthLabel(r.month) },
      { header: 'Branch', cell: (r) => r.branch },
      { header: 'Due', align: 'right', cell: (r) => money(r.due) },
      { header: 'Collected', align: 'right', cell: (r) => money(r.collected) },
      { header: 'Collection rate', align: 'right', cell: (r) => formatRate(r.collection_rate) },
    ],
  },
};

// --- Disbursed vs repaid ---

export const disbursedRepaidReport: ReportDescriptor<CashflowReport, CashflowMonth> = {
  title: 'Disbursed vs repaid',
  isEmpty: (r) => r.months.length === 0,
  emptyMessage: 'Nothing disbursed or repaid for these filters.',
  loadingHeight: 260,
  // Chart over table: beside the chart its five columns ran 87 px past half a 1280 px page.
  layout: 'stack',
  chart: {
    id: 'disbursed-vs-repaid',
    testId: 'disbursed-repaid-chart',
    colors: ['#2563eb', '#16a34a'],
    values: 'money',
    height: 260,
    categories: (r) => r.months.map((m) => formatMonth(m.month)),
    series: (r) => [
      { name: 'Disbursed', data: r.months.map((m) => Number(m.disbursed)) },
      { name: 'Repaid', data: r.months.map((m) => Number(m.repaid)) },
    ],
  },
  table: {
    caption: 'Disbursed and repaid per month',
    className: 'max-h-96 overflow-y-auto',
    rows: (r) => [...r.months, r.totals],
    rowKey: (m) => m.month,
    isTotal: (m) => m.month === 'All',
    columns: [
      { header: 'Month', cell: (m) => monthLabel(m.month) },
      { header: 'Disbursed', align: 'right', cell: (m) => money(m.disbursed) },
      { header: 'Disbursements', align: 'right', cell: (m) => m.disbursed_count },
      { header: 'Repaid', align: 'right', cell: (m) => money(m.repaid) },
      { header: 'Repayments', align: 'right', cell: (m) => m.repaid_count },
    ],
  },
};

// --- Offer letters ---

export const offerLettersReport: ReportDescriptor<OfferLettersReport, OfferLettersMonth> = {
  title: 'Offer letters',
  isEmpty: (r) => r.months.length === 0,
  emptyMessage: 'No offer letters for these filters.',
  loadingHeight: 260,
  layout: 'side',
  chart: {
    id: 'offer-letters-by-month',
    testId: 'offer-letters-chart',
    colors: ['#ca8a04', '#16a34a', '#dc2626'],
    values: 'count',
    stacked: true,
    height: 260,
    categories: (r) => r.months.map((m) => formatMonth(m.month)),
    series: (r) => [
      { name: 'Pending', data: r.months.map((m) => m.pending) },
      { name: 'Signed', data: r.months.map((m) => m.signed) },
      { name: 'Expired', data: r.months.map((m) => m.expired) },
    ],
  },
  table: {
    caption: 'Offer letters per month',
    rows: (r) => [...r.months, { month: 'All', ...r.totals }],
    rowKey: (m) => m.month,
    isTotal: (m) => m.month === 'All',
    columns: [
      { header: 'Month', cell: (m) => monthLabel(m.month) },
      { header: 'Pending', align: 'right', cell: (m) => m.pending },
      { header: 'Signed', align: 'right', cell: (m) => m.signed },
      { header: 'Expired', align: 'right', cell: (m) => m.expired },
      { header: 'Total', align: 'right', cell: (m) => m.total },
      { header: 'Median time to sign', align: 'right', cell: (m) => formatHours(m.median_hours_to_sign) },
    ],
  },
};

// --- Applications funnel ---

export const funnelReport: ReportDescriptor<FunnelReport, FunnelStepRow> = {
  title: 'Applications funnel',
  isEmpty: (r) => (r.steps[0]?.count ?? 0) === 0,
  emptyMessage: 'No applications requested for these filters.',
  loadingHeight: 220,
  layout: 'side',
  chart: {
    id: 'applications-funnel',
    testId: 'funnel-chart',
    colors: ['#2563eb'],
    values: 'count',
    horizontal: true,
    legend: false,
    dataLabels: true,
    height: 220,
    categories: (r) => r.steps.map((s) => FUNNEL_STEP_LABELS[s.step]),
    series: (r) => [{ name: 'Loans', data: r.steps.map((s) => s.count) }],
  },
  table: {
    caption: 'Applications funnel',
    rows: (r) => r.steps,
    rowKey: (s) => s.step,
    columns: [
      { header: 'Step', cell: (s) => FUNNEL_STEP_LABELS[s.step] },
      { header: 'Loans', align: 'right', cell: (s) => s.count },
      { header: 'From previous', align: 'right', cell: (s) => formatRate(s.rate_from_previous) },
      { header: 'From requested', align: 'right', cell: (s) => formatRate(s.rate_from_requested) },
      { header: 'Median time', align: 'right', cell: (s) => formatHours(s.median_hours_from_previous) },
    ],
  },
};

/** The closed-unsigned report's figures (its paged list of loans is added by its section). */
export const closedUnsignedEntry: ReportEntry<ClosedUnsignedBranchStat[], ClosedUnsignedBranchStat> = {
  report: closedUnsignedReport,
  useReport: useGetClosedUnsignedStatsQuery,
  download: { report: 'closedUnsigned', what: 'closed unsigned loans' },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyReportEntry = ReportEntry<any, any>;

/** The portfolio reports, in the page's order after the closed-unsigned one. */
export const PORTFOLIO_REPORTS: readonly AnyReportEntry[] = [
  { report: parReport, useReport: useGetPortfolioAtRiskQuery, download: { report: 'portfolioAtRisk', what: 'portfolio at risk' } },
  { report: collectionsReport, useReport: useGetCollectionsReportQuery, download: { report: 'collections', what: 'collections' } },
  { report: disbursedRepaidReport, useReport: useGetDisbursedRepaidReportQuery, download: { report: 'disbursedRepaid', what: 'disbursed vs repaid' } },
  { report: offerLettersReport, useReport: useGetOfferLettersReportQuery, download: { report: 'offerLetters', what: 'offer letters' } },
  { report: funnelReport, useReport: useGetFunnelReportQuery, download: { report: 'funnel', what: 'the applications funnel' } },
];
