import { http, HttpResponse } from 'msw';
import { endpointVariants, requestLog } from '@loan/shared-data-access-api/testing';
import {
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

const NAMES = ['Mwila Banda', 'Chanda Mulenga', 'Natasha Phiri', 'Joseph Tembo'];
const BRANCHES = ['Lusaka', 'Ndola', 'Kitwe'];

/** A closed application never signed, as `/unsigned-closed` answers it. */
export function makeUnsignedClosed(n: number, overrides: Partial<LoanApplication> = {}): LoanApplication {
  const day = String(1 + (n % 27)).padStart(2, '0');
  return {
    id: n,
    kind: 'application',
    reference_code: `LA-2026-${String(n).padStart(6, '0')}`,
    status: 'closed',
    nrc: `${String(100000 + n).slice(-6)}/11/1`,
    mobile: `+2609700${String(n).padStart(5, '0')}`,
    employer: 'ZESCO',
    amount: `${1000 + n * 250}.00`,
    total_amount_due: `${Math.round((1000 + n * 250) * 1.3)}.00`,
    interest: `${Math.round((1000 + n * 250) * 0.3)}.00`,
    tenure_months: 6,
    purpose: 'School fees',
    branch_id: (n % BRANCHES.length) + 1,
    branch: BRANCHES[n % BRANCHES.length],
    client_id: n,
    parent_id: null,
    fullname: NAMES[n % NAMES.length],
    approved_at: `2026-03-${day}T09:00:00.000Z`,
    rejected_at: null,
    closed_at: `2026-04-${day}T09:00:00.000Z`,
    created_at: `2026-03-${day}T08:00:00.000Z`,
    updated_at: `2026-04-${day}T09:00:00.000Z`,
    ...overrides,
  };
}

/** 20 closed unsigned loans. */
export const unsignedClosedRows: LoanApplication[] = Array.from({ length: 20 }, (_, i) => makeUnsignedClosed(i + 1));

export function answerUnsignedClosed(rows: readonly LoanApplication[], query: Record<string, string>): ListEnvelope<LoanApplication> {
  const page = Number(query['page'] ?? 1);
  const pageSize = Number(query['pageSize'] ?? 15);
  const all = rows.filter((r) => !query['branch'] || r.branch === query['branch']);
  return { items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize, nextCursor: null };
}

export const closedUnsignedStats: ClosedUnsignedBranchStat[] = [
  { branch_id: 1, branch: 'Kitwe', count: 6, total_amount: '27750.00' },
  { branch_id: 2, branch: 'Lusaka', count: 7, total_amount: '35000.00' },
  { branch_id: 3, branch: 'Ndola', count: 7, total_amount: '36750.50' },
];

export const offerLettersReport: OfferLettersReport = {
  months: [
    { month: '2026-03', pending: 1, signed: 2, expired: 0, total: 3, median_hours_to_sign: 15 },
    { month: '2026-04', pending: 0, signed: 0, expired: 2, total: 2, median_hours_to_sign: null },
  ],
  totals: { pending: 1, signed: 2, expired: 2, total: 5, median_hours_to_sign: 15 },
};

export const funnelReport: FunnelReport = {
  steps: [
    { step: 'requested', count: 6, rate_from_previous: null, rate_from_requested: 1, median_hours_from_previous: null },
    { step: 'approved', count: 4, rate_from_previous: 0.6667, rate_from_requested: 0.6667, median_hours_from_previous: 9 },
    { step: 'signed', count: 2, rate_from_previous: 0.5, rate_from_requested: 0.3333, median_hours_from_previous: 17 },
    { step: 'disbursed', count: 2, rate_from_previous: 1, rate_from_requested: 0.3333, median_hours_from_previous: 6 },
  ],
};

export const portfolioAtRisk: PortfolioAtRisk = {
  as_of: '2026-11-25',
  branches: [
    { branch_id: 1, branch: 'Lusaka', loans: 3, outstanding: '4200.00', current: '1000.00', dpd_1_30: '1200.00', dpd_31_60: '2000.00', dpd_61_90: '0.00', dpd_over_90: '0.00', par30: 0.4762, par60: 0, par90: 0 },
    { branch_id: 2, branch: 'Ndola', loans: 1, outstanding: '3600.00', current: '0.00', dpd_1_30: '0.00', dpd_31_60: '0.00', dpd_61_90: '0.00', dpd_over_90: '3600.00', par30: 1, par60: 1, par90: 1 },
  ],
  totals: { loans: 4, outstanding: '7800.00', current: '1000.00', dpd_1_30: '1200.00', dpd_31_60: '2000.00', dpd_61_90: '0.00', dpd_over_90: '3600.00', par30: 0.7179, par60: 0.4615, par90: 0.4615 },
};

export const collectionsReport: CollectionsReport = {
  rows: [
    { month: '2026-02', branch_id: 1, branch: 'Lusaka', due: '100.00', collected: '100.00', collection_rate: 1 },
    { month: '2026-02', branch_id: 0, branch: 'All branches', due: '100.00', collected: '100.00', collection_rate: 1 },
    { month: '2026-03', branch_id: 1, branch: 'Lusaka', due: '100.00', collected: '50.00', collection_rate: 0.5 },
    { month: '2026-03', branch_id: 2, branch: 'Ndola', due: '200.00', collected: '200.00', collection_rate: 1 },
    { month: '2026-03', branch_id: 0, branch: 'All branches', due: '300.00', collected: '250.00', collection_rate: 0.8333 },
    { month: 'All', branch_id: 0, branch: 'All branches', due: '400.00', collected: '350.00', collection_rate: 0.875 },
  ],
};

export const disbursedRepaidReport: CashflowReport = {
  months: [
    { month: '2026-01', disbursed: '1200.00', disbursed_count: 1, repaid: '0.00', repaid_count: 0 },
    { month: '2026-02', disbursed: '600.00', disbursed_count: 1, repaid: '100.00', repaid_count: 1 },
    { month: '2026-03', disbursed: '0.00', disbursed_count: 0, repaid: '250.00', repaid_count: 2 },
  ],
  totals: { month: 'All', disbursed: '1800.00', disbursed_count: 2, repaid: '350.00', repaid_count: 3 },
};

const fileAnswer = (name: string, body: string, type: string) =>
  new HttpResponse(body, { headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` } });

/** A report download: the format asked for under the api's file name. */
function fileHandler(path: string, base: string) {
  return http.get(path, ({ request }) => {
    const url = new URL(request.url);
    const query = Object.fromEntries(url.searchParams.entries());
    const format = query['format'];
    if (format !== 'csv' && format !== 'xlsx') return undefined;
    requestLog.push({ method: 'GET', path: url.pathname, query, search: url.search, body: undefined });
    return format === 'csv'
      ? fileAnswer(`${base}.csv`, '"reference_code"\r\n"LA-2026-000001"\r\n', 'text/csv; charset=utf-8')
      : fileAnswer(`${base}.xlsx`, 'PK', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });
}

/**
 * The endpoints' MSW handlers in their named variants (ok, empty, invalid, forbidden, error,
 * slow), on relative paths: `server.use(reportsVariants.offerLetters.error)`. `downloads`
 * answers files; `downloadFailed` answers 500 to every download.
 */
export const reportsVariants = {
  closedUnsignedStats: endpointVariants('GET', REPORTS_PATHS.closedUnsignedStatsByBranch, {
    ok: closedUnsignedStats,
    empty: [] satisfies ClosedUnsignedBranchStat[],
    fieldErrors: { toDate: ['Must not be before fromDate.'] },
  }),
  unsignedClosed: endpointVariants('GET', REPORTS_PATHS.unsignedClosed, {
    ok: ({ query }) => answerUnsignedClosed(unsignedClosedRows, query),
    empty: { items: [], total: 0, page: 1, pageSize: 15, nextCursor: null } satisfies ListEnvelope<LoanApplication>,
    fieldErrors: { toDate: ['Must not be before fromDate.'] },
  }),
  offerLetters: endpointVariants('GET', REPORTS_PATHS.offerLetters, {
    ok: offerLettersReport,
    empty: { months: [], totals: { pending: 0, signed: 0, expired: 0, total: 0, median_hours_to_sign: null } } satisfies OfferLettersReport,
    fieldErrors: { toDate: ['Must not be before fromDate.'] },
  }),
  funnel: endpointVariants('GET', REPORTS_PATHS.funnel, {
    ok: funnelReport,
    empty: { steps: funnelReport.steps.map((s) => ({ ...s, count: 0, rate_from_previous: null, rate_from_requested: null, median_hours_from_previous: null })) } satisfies FunnelReport,
    fieldErrors: { toDate: ['Must not be before fromDate.'] },
  }),
  portfolioAtRisk: endpointVariants('GET', REPORTS_PATHS.portfolioAtRisk, {
    ok: portfolioAtRisk,
    empty: { as_of: '2026-11-25', branches: [], totals: { ...portfolioAtRisk.totals, loans: 0, outstanding: '0.00', current: '0.00', dpd_1_30: '0.00', dpd_31_60: '0.00', dpd_over_90: '0.00', par30: null, par60: null, par90: null } } satisfies PortfolioAtRisk,
    fieldErrors: { toDate: ['Must not be before fromDate.'] },
  }),
  collections: endpointVariants('GET', REPORTS_PATHS.collections, {
    ok: collectionsReport,
    empty: { rows: [] } satisfies CollectionsReport,
    fieldErrors: { toDate: ['Must not be before fromDate.'] },
  }),
  disbursedRepaid: endpointVariants('GET', REPORTS_PATHS.disbursedRepaid, {
    ok: disbursedRepaidReport,
    empty: { months: [], totals: { month: 'All', disbursed: '0.00', disbursed_count: 0, repaid: '0.00', repaid_count: 0 } } satisfies CashflowReport,
    fieldErrors: { toDate: ['Must not be before fromDate.'] },
  }),
};

export const reportDownloadHandlers = [
  fileHandler(REPORTS_PATHS.closedUnsigned, 'unsigned_closed_loans_report'),
  fileHandler(REPORTS_PATHS.offerLetters, 'offer_letters_report'),
  fileHandler(REPORTS_PATHS.funnel, 'applications_funnel_report'),
  fileHandler(REPORTS_PATHS.portfolioAtRisk, 'portfolio_at_risk_report'),
  fileHandler(REPORTS_PATHS.collections, 'collections_report'),
  fileHandler(REPORTS_PATHS.disbursedRepaid, 'disbursed_vs_repaid_report'),
];

const DOWNLOAD_PATHS = [
  REPORTS_PATHS.closedUnsigned,
  REPORTS_PATHS.offerLetters,
  REPORTS_PATHS.funnel,
  REPORTS_PATHS.portfolioAtRisk,
  REPORTS_PATHS.collections,
  REPORTS_PATHS.disbursedRepaid,
];

/** Every download answering 500 (the 'Failed to download report' toast). */
export const reportDownloadFailed = Object.values(DOWNLOAD_PATHS).map((p) =>
  http.get(p, ({ request }) =>
    new URL(request.url).searchParams.get('format') ? HttpResponse.json({ message: 'Server error' }, { status: 500 }) : undefined,
  ),
);

/** Every endpoint answering normally, downloads first: `setupApiServer(...reportsHandlers)`. */
export const reportsHandlers = [...reportDownloadHandlers, ...Object.values(reportsVariants).map((v) => v.ok)];
