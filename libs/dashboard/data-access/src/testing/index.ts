// Fixtures and MSW handlers of the dashboard endpoints, for every web lib's tests (issue 10, test kit).
import { http, HttpResponse, delay } from 'msw';
import {
  DASHBOARD_PATHS,
  emptyCountsByMonth,
  type CardStats,
  type DisbursementStats,
  type LoanOfferStats,
  type MonthlyGraphStats,
  type SmsStats,
} from '@loan/shared-contract';
import { endpointVariants } from '@loan/shared-data-access-api/testing';

export const dailyCards: CardStats = {
  applicationsRequestsMoney: '12500.05',
  applicationsRequestsCount: 3,
  applicationsRejectedMoney: '1000.00',
  applicationsRejectedCount: 1,
  applicationsApprovedMoney: '2345678.90',
  applicationsApprovedCount: 12,
  offerLetterPendingCount: 0,
  offerLetterExpiredCount: 0,
  offerLetterSignedCount: 0,
  selected_month: null,
  from: '2026-03-14T22:00:00.000Z',
  to: '2026-03-16T07:05:00.000Z',
};

export const monthlyCards: CardStats = {
  ...dailyCards,
  applicationsRequestsMoney: '777.70',
  applicationsRequestsCount: 7,
  selected_month: '03',
};

export function chartStats(year = '2026'): MonthlyGraphStats {
  const applications = emptyCountsByMonth();
  applications.jan = { req: 4, app: 2, rej: 1, clo: 1 };
  applications.mar = { req: 9, app: 3, rej: 2, clo: 5 };
  return { applications, topUps: emptyCountsByMonth(), selected_month: null, year };
}

export const offerStats: LoanOfferStats = { pendingCount: 5, expiredCount: 2, signedCount: 41 };
export const smsStats: SmsStats = { totalCount: 120, sentCount: 100, failedCount: 8, pendingCount: 12, todayCount: 6, thisMonthCount: 60 };
export const disbursementStats: DisbursementStats = {
  total: { count: 10, amount: '50000.00' },
  successful: { count: 7, amount: '35000.00' },
  pending: { count: 2, amount: '10000.00' },
  failed: { count: 1, amount: '5000.00' },
  reconciledCount: 6,
  unreconciledCount: 4,
  today: { count: 1, amount: '5000.00' },
  thisMonth: { count: 4, amount: '21000.50' },
};

/** Every request the handlers saw, as 'path?query'. */
export const requests: string[] = [];

export interface HandlerOptions {
  /** Resolves when the test releases it; every answer waits for it. */
  gate?: Promise<void>;
  chart?: MonthlyGraphStats;
  status?: number;
}

export function dashboardHandlers(opts: HandlerOptions = {}) {
  const answer = (path: string, body: object) =>
    http.get(path, async ({ request }) => {
      const url = new URL(request.url);
      requests.push(`${url.pathname}${url.search}`);
      if (opts.gate) await opts.gate;
      else await delay(5);
      if (opts.status) return HttpResponse.json({ message: 'Server error' }, { status: opts.status });
      return HttpResponse.json(body);
    });
  return [
    answer(DASHBOARD_PATHS.dailyCardStats, dailyCards),
    answer(DASHBOARD_PATHS.monthlyCardStats, monthlyCards),
    answer(DASHBOARD_PATHS.monthlyChartStats, opts.chart ?? chartStats()),
    answer(DASHBOARD_PATHS.offerLetterCardStats, offerStats),
    answer(DASHBOARD_PATHS.smsStats, smsStats),
    answer(DASHBOARD_PATHS.disbursementStats, disbursementStats),
  ];
}

export function countOf(path: string): number {
  return requests.filter((r) => r.startsWith(path)).length;
}

const zeroCards: CardStats = {
  ...dailyCards,
  applicationsRequestsMoney: '0.00',
  applicationsRequestsCount: 0,
  applicationsRejectedMoney: '0.00',
  applicationsRejectedCount: 0,
  applicationsApprovedMoney: '0.00',
  applicationsApprovedCount: 0,
};

/**
 * Each dashboard endpoint in the named variants (ok, empty, invalid, forbidden, error, slow),
 * on relative paths: `server.use(dashboardVariants.dailyCardStats.error)`.
 */
export const dashboardVariants = {
  dailyCardStats: endpointVariants('GET', DASHBOARD_PATHS.dailyCardStats, { ok: dailyCards, empty: zeroCards }),
  monthlyCardStats: endpointVariants('GET', DASHBOARD_PATHS.monthlyCardStats, {
    ok: monthlyCards,
    empty: { ...zeroCards, selected_month: '03' },
    fieldErrors: { month: ['Must be a month code 01 to 12.'] },
  }),
  monthlyChartStats: endpointVariants('GET', DASHBOARD_PATHS.monthlyChartStats, {
    ok: chartStats(),
    empty: { applications: emptyCountsByMonth(), topUps: emptyCountsByMonth(), selected_month: null, year: '2026' },
  }),
  offerLetterCardStats: endpointVariants('GET', DASHBOARD_PATHS.offerLetterCardStats, {
    ok: offerStats,
    empty: { pendingCount: 0, expiredCount: 0, signedCount: 0 },
  }),
  smsStats: endpointVariants('GET', DASHBOARD_PATHS.smsStats, {
    ok: smsStats,
    empty: { totalCount: 0, sentCount: 0, failedCount: 0, pendingCount: 0, todayCount: 0, thisMonthCount: 0 },
  }),
  disbursementStats: endpointVariants('GET', DASHBOARD_PATHS.disbursementStats, {
    ok: disbursementStats,
    empty: {
      total: { count: 0, amount: '0.00' },
      successful: { count: 0, amount: '0.00' },
      pending: { count: 0, amount: '0.00' },
      failed: { count: 0, amount: '0.00' },
      reconciledCount: 0,
      unreconciledCount: 0,
      today: { count: 0, amount: '0.00' },
      thisMonth: { count: 0, amount: '0.00' },
    },
  }),
};
