import { api, downloadUrl } from '@loan/shared-data-access-api';
import {
  API,
  type LoanKind,
  sumMoney,
  formatDecimalTotal,
  type DeleteResult,
  type ListEnvelope,
  type LoanApplication,
  type LoanStatus,
  type LoanStatusStats,
  type MonthlyTotal,
} from '@loan/shared-contract';
import { businessMonthOf } from '@loan/shared-util-format';
import { LOAN_TAG } from './application-details-api';

function pathsOf<B extends string>(base: B) {
  return {
    byStatus: `${base}/byStatus`,
    filter: `${base}/filter`,
    export: `${base}/export`,
    statsByStatus: `${base}/stats/byStatus`,
    totalValue: `${base}/total-value`,
    delete: `${base}/delete`,
  } as const;
}

/**
 * The paths of the calls this lib makes, per kind: applications (spec §7,
 * /api/applyForLoan) and top-ups (/api/loanTopUp) answer the same calls.
 */
export const LOAN_PATHS = {
  application: pathsOf(API.applications),
  topup: pathsOf(API.topups),
} as const satisfies Record<LoanKind, ReturnType<typeof pathsOf>>;
export const APPLICATION_PATHS = LOAN_PATHS.application;
export const TOPUP_PATHS = LOAN_PATHS.topup;

/** Each kind's cache tag: its lists and counts refetch when one of its kind changes. */
const listTag = (kind: LoanKind = 'application') => ({ type: LOAN_TAG[kind], id: 'LIST' });

/** The /filter call's fields (spec §7), besides status and paging. */
export const APPLICATION_FILTERS = ['nrc', 'mobile', 'amount', 'fromDate', 'toDate', 'employer', 'reference_code', 'branch'] as const;
export type ApplicationFilter = (typeof APPLICATION_FILTERS)[number];

/** Columns the lists sort by. */
export const APPLICATION_SORTS = ['created_at', 'amount'] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];

/** Spec §5: the branch goes out only when non-empty and not the text 'null'. */
export function branchParam(branch: string | null | undefined): string | undefined {
  const b = branch?.trim();
  return b && b !== 'null' ? b : undefined;
}

/** Leaves out blank values so the query string carries only what was chosen. */
function compact(params: Record<string, string | number | undefined>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
}

export interface ApplicationListArgs {
  /** Applications (the default) or top-ups. */
  kind?: LoanKind;
  status: LoanStatus;
  page: number;
  pageSize: number;
  search?: string;
  /** `created_at` / `-created_at` / `amount` / `-amount`. */
  sort?: string;
  /** Any of the /filter fields; when one is set the list comes from /filter. */
  filters?: Partial<Record<ApplicationFilter, string>>;
  /** `offerLetter` for the lists that show the contract's state. */
  relations?: string;
}

/** Which call a list needs: /filter when a filter field is set, /byStatus (with search) otherwise. */
export function listRequest(args: ApplicationListArgs): { url: string; params: Record<string, string | number> } {
  const paths = LOAN_PATHS[args.kind ?? 'application'];
  const { branch, ...rest } = args.filters ?? {};
  const base = {
    status: args.status,
    page: args.page,
    pageSize: args.pageSize,
    sort: args.sort || undefined,
    relations: args.relations,
    branch: branchParam(branch),
  };
  const filtering = Object.values(rest).some((v) => v && v.trim() !== '');
  // Search and filters work together: /filter takes the search too.
  const search = args.search?.trim() || undefined;
  if (filtering) return { url: paths.filter, params: compact({ ...base, ...rest, search }) };
  return { url: paths.byStatus, params: compact({ ...base, search }) };
}

/**
 * Where the CSV of a filtered list downloads from (GET /export, streamed by the api): the
 * list's status, search, filters and sort, without paging or relations.
 */
export function exportHref(args: Omit<ApplicationListArgs, 'page' | 'pageSize' | 'relations'>): string {
  const { branch, ...rest } = args.filters ?? {};
  const params = compact({
    status: args.status,
    search: args.search?.trim() || undefined,
    sort: args.sort || undefined,
    branch: branchParam(branch),
    ...rest,
  });
  return downloadUrl(LOAN_PATHS[args.kind ?? 'application'].export, params);
}

export interface TotalValueArgs {
  kind?: LoanKind;
  /** 01-12. */
  month: string;
  year: string;
  status?: LoanStatus;
  branch?: string;
}

/**
 * Spec §7 and §9: when /total-value fails, the month's total is summed on the client from
 * the rows' total_amount_due, counting only rows created in that business month.
 */
export function monthlyTotalFromRows(rows: readonly Pick<LoanApplication, 'created_at' | 'total_amount_due'>[], month: string, year: string): MonthlyTotal {
  const inMonth = rows.filter((r) => {
    const m = businessMonthOf(r.created_at);
    return m.month === month && m.year === year;
  });
  const total = inMonth.length ? sumMoney(...inMonth.map((r) => r.total_amount_due)) : '0.00';
  return { total_value: total, count: inMonth.length, month, formatted_total: formatDecimalTotal(total) };
}

/** The noun of a kind in messages: '3 top-ups deleted.' */
export const KIND_NOUN = { application: ['application', 'applications'], topup: ['top-up', 'top-ups'] } as const satisfies Record<
  LoanKind,
  readonly [string, string]
>;

/**
 * The list calls of both kinds (applications by default, `kind: 'topup'` for top-ups):
 * one set of endpoints, parameterised by kind.
 */
export const applicationsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getApplications: b.query<ListEnvelope<LoanApplication>, ApplicationListArgs>({
      query: listRequest,
      providesTags: (res, _err, { kind = 'application' }) => [listTag(kind), ...(res?.items ?? []).map((a) => ({ type: LOAN_TAG[kind], id: a.id }))],
    }),
    getApplicationStatusStats: b.query<LoanStatusStats, { kind?: LoanKind; status: LoanStatus; branch?: string }>({
      query: ({ kind = 'application', status, branch }) => ({
        url: LOAN_PATHS[kind].statsByStatus,
        params: compact({ status, branch: branchParam(branch) }),
      }),
      providesTags: (_res, _err, { kind }) => [listTag(kind)],
    }),
    getApplicationsTotalValue: b.query<MonthlyTotal, TotalValueArgs>({
      query: ({ kind = 'application', month, year, status, branch }) => ({
        url: LOAN_PATHS[kind].totalValue,
        params: compact({ month, year, status, branch: branchParam(branch) }),
      }),
      providesTags: (_res, _err, { kind }) => [listTag(kind)],
    }),
    deleteApplications: b.mutation<DeleteResult, { kind?: LoanKind; ids: number[] }>({
      query: ({ kind = 'application', ids }) => ({ url: LOAN_PATHS[kind].delete, method: 'DELETE', body: { ids } }),
      // The lists, the tab counts and the dashboard's figures all change.
      invalidatesTags: (_res, _err, { kind }) => [listTag(kind), 'Dashboard'],
      extraOptions: {
        toast: {
          success: (data, args) => {
            const n = (data as DeleteResult).deleted;
            const [one, many] = KIND_NOUN[(args as { kind?: LoanKind }).kind ?? 'application'];
            return `${n} ${n === 1 ? one : many} deleted.`;
          },
          error: true,
        },
      },
    }),
  }),
});

export const {
  useGetApplicationsQuery,
  useGetApplicationStatusStatsQuery,
  useGetApplicationsTotalValueQuery,
  useDeleteApplicationsMutation,
} = applicationsApi;
