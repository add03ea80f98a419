import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { API, LOAN_LIMITS_PATH, LOAN_PRODUCT_DEFAULTS, type LoanLimits } from '@loan/shared-contract';

/**
 * The one place for test URLs. Handlers are written on relative paths (`/api/...`), as a
 * browser or a workbench serves them; in jsdom MSW resolves them against this origin,
 * which is also where the base query sends its calls.
 */
export const TEST_ORIGIN = 'http://localhost';

/** The absolute URL of an api path, for tests that call fetch themselves. */
export function apiUrl(path: string): string {
  return new URL(path, TEST_ORIGIN).toString();
}

/**
 * GET /sanctum/csrf-cookie as the api answers it: 204 and the readable XSRF-TOKEN cookie.
 * The base query fetches it before a browser's first mutation; setupApiServer registers it.
 */
export const csrfCookieHandler = http.get(API.csrfCookie, () =>
  new HttpResponse(null, { status: 204, headers: { 'Set-Cookie': 'XSRF-TOKEN=test-token; Path=/' } }),
);

/**
 * GET /api/web/loan-product (the kit's useGetLoanLimitsQuery) answering the product's
 * defaults; setupApiServer registers it, `server.use(...)` a narrower product in a test.
 */
export const DEFAULT_LOAN_LIMITS: LoanLimits = {
  min_amount: LOAN_PRODUCT_DEFAULTS.min_amount,
  max_amount: LOAN_PRODUCT_DEFAULTS.max_amount,
  min_tenure: LOAN_PRODUCT_DEFAULTS.min_tenure,
  max_tenure: LOAN_PRODUCT_DEFAULTS.max_tenure,
  flat_rate_percent: LOAN_PRODUCT_DEFAULTS.flat_rate_percent,
  processing_fee_percent: LOAN_PRODUCT_DEFAULTS.processing_fee_percent,
};
export const loanLimitsHandler = http.get(LOAN_LIMITS_PATH, () => HttpResponse.json(DEFAULT_LOAN_LIMITS));

export interface LoggedRequest {
  method: string;
  path: string;
  /** The query string's pairs, in order. */
  query: Record<string, string>;
  search: string;
  body: unknown;
}

/** Every api request the variant handlers saw in the current test (cleared after each test). */
export const requestLog: LoggedRequest[] = [];

/** The last logged request to `path` (any method when `method` is left out). */
export function lastRequest(path: string, method?: string): LoggedRequest | undefined {
  return [...requestLog].reverse().find((r) => r.path === path && (!method || r.method === method));
}

/**
 * An MSW server for one test file, with the CSRF cookie handler, unknown requests failing
 * the test, and the handlers and request log reset after each test:
 *
 *   const server = setupApiServer(...loansHandlers.ok);
 *   server.use(applicationsVariants.byStatus.error);   // in one test
 */
export function setupApiServer(...handlers: RequestHandler[]) {
  const server = setupServer(csrfCookieHandler, ...handlers, loanLimitsHandler);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    requestLog.length = 0;
  });
  afterAll(() => server.close());
  return server;
}
