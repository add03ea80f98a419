import { api } from '@loan/shared-data-access-api';
import {
  API,
  sumMoney,
  formatDecimalTotal,
  type DeleteResult,
  type ListEnvelope,
  type LoanApplication,
  type LoanStatus,
  type LoanStatusStats,
  type MonthlyTotal,
} from '@loan/shared-contract';

/** The paths of the application calls this lib makes (spec §7, /api/applyForLoan). */
export const APPLICATION_PATHS = {
  byStatus: `${API.applications}/byStatus`,
  filter: `${API.applications}/filter`,
  statsByStatus: `${API.applications}/stats/byStatus`,
  totalValue: `${API.applications}/total-value`,
  delete: `${API.applications}/delete`,
} as const;

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
  if (filtering) return { url: APPLICATION_PATHS.filter, params: compact({ ...base, ...rest }) };
  return { url: APPLICATION_PATHS.byStatus, params: compact({ ...base, search: args.search?.trim() || undefined }) };
}

export interface TotalValueArgs {
  /** 01-12. */
  month: string;
  year: string;
  status?: LoanStatus;
  branch?: string;
}

/** Business month of a moment: Africa/Lusaka is UTC+2 all year (NOTES.md "Business time"). */
export function lusakaMonth(at: Date | string = new Date()): { month: string; year: string } {
  const d = new Date(new Date(at).getTime() + 2 * 60 * 60 * 1000);
  return { month: String(d.getUTCMonth() + 1).padStart(2, '0'), year: String(d.getUTCFullYear()) };
}

/**
 * Spec §7 and §9: when /total-value fails, the month's total is summed on the client from
 * the rows' total_amount_due, counting only rows created in that business month.
 */
export function monthlyTotalFromRows(rows: readonly Pick<LoanApplication, 'created_at' | 'total_amount_due'>[], month: string, year: string): MonthlyTotal {
  const inMonth = rows.filter((r) => {
    const m = lusakaMonth(r.created_at);
    return m.month === month && m.year === year;
  });
  const total = inMonth.length ? sumMoney(...inMonth.map((r) => r.total_amount_due)) : '0.00';
  return { total_value: total, count: inMonth.length, month, formatted_total: formatDecimalTotal(total) };
}

const LIST_TAG = { type: 'Application' as const, id: 'LIST' };

export const applicationsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getApplications: b.query<ListEnvelope<LoanApplication>, ApplicationListArgs>({
      query: listRequest,
      providesTags: (res) => [LIST_TAG, ...(res?.items ?? []).map((a) => ({ type: 'Application' as const, id: a.id }))],
    }),
    getApplicationStatusStats: b.query<LoanStatusStats, { status: LoanStatus; branch?: string }>({
      query: ({ status, branch }) => ({ url: APPLICATION_PATHS.statsByStatus, params: compact({ status, branch: branchParam(branch) }) }),
      providesTags: [LIST_TAG],
    }),
    getApplicationsTotalValue: b.query<MonthlyTotal, TotalValueArgs>({
      query: ({ month, year, status, branch }) => ({
        url: APPLICATION_PATHS.totalValue,
        params: compact({ month, year, status, branch: branchParam(branch) }),
      }),
      providesTags: [LIST_TAG],
    }),
    deleteApplications: b.mutation<DeleteResult, { ids: number[] }>({
      query: ({ ids }) => ({ url: APPLICATION_PATHS.delete, method: 'DELETE', body: { ids } }),
      // The lists, the tab counts and the dashboard's figures all change.
      invalidatesTags: [LIST_TAG, 'Dashboard'],
      extraOptions: {
        toast: {
          success: (data) => {
            const n = (data as DeleteResult).deleted;
            return `${n} application${n === 1 ? '' : 's'} deleted.`;
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
