import { endpointVariants } from '@loan/shared-data-access-api/testing';
import {
  LOAN_STATUSES,
  sumMoney,
  type DeleteResult,
  type ListEnvelope,
  type LoanApplication,
  type LoanKind,
  type LoanStatus,
  type LoanStatusStats,
  type MonthlyTotal,
} from '@loan/shared-contract';
import { LOAN_PATHS } from '../lib/applications-api';

const NAMES = ['Mwila Banda', 'Chanda Mulenga', 'Natasha Phiri', 'Joseph Tembo', 'Grace Zulu', 'Peter Mwale'];
const EMPLOYERS = ['Zambia Sugar', 'ZESCO', 'Ministry of Health', 'Airtel Zambia'];
const BRANCHES = ['Lusaka', 'Ndola', 'Kitwe'];

/** One application as the api answers it; `n` makes each one different. */
export function makeApplication(n: number, overrides: Partial<LoanApplication> = {}): LoanApplication {
  const status = overrides.status ?? LOAN_STATUSES[n % LOAN_STATUSES.length];
  const amount = `${1000 + n * 250}.00`;
  const day = String(1 + (n % 27)).padStart(2, '0');
  return {
    id: n,
    kind: 'application',
    reference_code: `LA-2026-${String(n).padStart(6, '0')}`,
    status,
    nrc: `${String(100000 + n).slice(-6)}/11/1`,
    mobile: `+2609700${String(n).padStart(5, '0')}`,
    employer: EMPLOYERS[n % EMPLOYERS.length],
    amount,
    total_amount_due: `${Math.round((1000 + n * 250) * 1.3)}.00`,
    interest: `${Math.round((1000 + n * 250) * 0.3)}.00`,
    tenure_months: 6,
    purpose: 'School fees',
    branch_id: (n % BRANCHES.length) + 1,
    branch: BRANCHES[n % BRANCHES.length],
    client_id: n,
    parent_id: null,
    fullname: NAMES[n % NAMES.length],
    approved_at: null,
    rejected_at: null,
    closed_at: null,
    created_at: `2026-03-${day}T08:00:00.000Z`,
    updated_at: `2026-03-${day}T08:00:00.000Z`,
    ...overrides,
  };
}

/** One top-up as the api answers it: a TU- reference code, settling loan `n`. */
export function makeTopup(n: number, overrides: Partial<LoanApplication> = {}): LoanApplication {
  return makeApplication(n, { kind: 'topup', reference_code: `TU-2026-${String(n).padStart(6, '0')}`, parent_id: n + 1000, ...overrides });
}

/** 40 applications, 10 of each status. */
export const applicationRows: LoanApplication[] = Array.from({ length: 40 }, (_, i) => makeApplication(i + 1));
/** 40 top-ups, 10 of each status. */
export const topupRows: LoanApplication[] = Array.from({ length: 40 }, (_, i) => makeTopup(i + 1));

export function emptyList<T>(pageSize = 15): ListEnvelope<T> {
  return { items: [], total: 0, page: 1, pageSize, nextCursor: null, prevCursor: null };
}

/** The api's answer to a list call over `rows`: status, search and the filter fields applied, then paged. */
export function answerList(rows: readonly LoanApplication[], query: Record<string, string>): ListEnvelope<LoanApplication> {
  const page = Number(query['page'] ?? 1);
  const pageSize = Number(query['pageSize'] ?? 15);
  const search = (query['search'] ?? '').toLowerCase();
  const match = (r: LoanApplication) =>
    (!query['status'] || r.status === query['status']) &&
    (!search || [r.reference_code, r.nrc, r.mobile, r.fullname].some((v) => v.toLowerCase().includes(search))) &&
    (!query['nrc'] || r.nrc === query['nrc']) &&
    (!query['employer'] || (r.employer ?? '').toLowerCase().includes(query['employer'].toLowerCase())) &&
    (!query['reference_code'] || r.reference_code === query['reference_code']) &&
    (!query['branch'] || r.branch === query['branch']);
  const all = rows.filter(match);
  const items = all.slice((page - 1) * pageSize, page * pageSize);
  return { items, total: all.length, page, pageSize, nextCursor: page * pageSize < all.length ? 'next' : null, prevCursor: null };
}

function stats(status: LoanStatus, rows: readonly LoanApplication[]): LoanStatusStats {
  const of = rows.filter((r) => r.status === status);
  return {
    status,
    count: of.length,
    total_amount: of.length ? sumMoney(...of.map((r) => r.amount)) : '0.00',
    total_amount_due: of.length ? sumMoney(...of.map((r) => r.total_amount_due)) : '0.00',
  };
}

export const monthTotal: MonthlyTotal = { total_value: '125000.50', count: 9, month: '03', formatted_total: '125,000.50' };

/**
 * A kind's list endpoints as MSW handlers in their named variants (ok, empty, invalid,
 * forbidden, error, slow), on relative paths, answering over `rows`.
 */
export function loanVariants(kind: LoanKind, rows: readonly LoanApplication[]) {
  const paths = LOAN_PATHS[kind];
  return {
    list: endpointVariants('GET', paths.byStatus, {
      ok: ({ query }) => answerList(rows, query),
      empty: emptyList<LoanApplication>(),
      fieldErrors: { search: ['At most 100 characters.'] },
    }),
    filter: endpointVariants('GET', paths.filter, {
      ok: ({ query }) => answerList(rows, query),
      empty: emptyList<LoanApplication>(),
      fieldErrors: { nrc: ['Must be an NRC such as 123456/78/9.'] },
    }),
    stats: endpointVariants('GET', paths.statsByStatus, {
      ok: ({ query }) => stats((query['status'] ?? 'request') as LoanStatus, rows),
      empty: { status: 'request', count: 0, total_amount: '0.00', total_amount_due: '0.00' } satisfies LoanStatusStats,
    }),
    totalValue: endpointVariants('GET', paths.totalValue, {
      ok: ({ query }) => ({ ...monthTotal, month: query['month'] ?? 'all' }),
      empty: { total_value: '0.00', count: 0, month: '03', formatted_total: '0.00' } satisfies MonthlyTotal,
    }),
    delete: endpointVariants('DELETE', paths.delete, {
      ok: ({ body }) => {
        const ids = ((body as { ids?: number[] })?.ids ?? []).map(Number);
        return { deleted: ids.length, ids } satisfies DeleteResult;
      },
      empty: { deleted: 0, ids: [] } satisfies DeleteResult,
      fieldErrors: { ids: ['Unknown id 999.'] },
    }),
  };
}

/** The application endpoints: `server.use(applicationsVariants.list.error)`. */
export const applicationsVariants = loanVariants('application', applicationRows);
/** The top-up endpoints (/api/loanTopUp): `server.use(topupsVariants.list.error)`. */
export const topupsVariants = loanVariants('topup', topupRows);

/** Every application endpoint answering normally: `setupApiServer(...applicationsHandlers)`. */
export const applicationsHandlers = Object.values(applicationsVariants).map((v) => v.ok);

/** Every top-up endpoint answering normally: `setupApiServer(...topupsHandlers)`. */
export const topupsHandlers = Object.values(topupsVariants).map((v) => v.ok);

export * from './application-details';
export * from './offer-letters';
export * from './loan-disk';
export * from './loan-account';
