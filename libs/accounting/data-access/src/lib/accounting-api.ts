import { api } from '@loan/shared-data-access-api';
import { ACCOUNTING_PATHS, type GlAccount, type ListEnvelope } from '@loan/shared-contract';

export interface GlAccountListArgs {
  page: number;
  pageSize: number;
  search?: string;
}

/** The list's query string: only what was chosen. */
export function glAccountListParams(args: GlAccountListArgs): Record<string, string | number> {
  const params: Record<string, string | number> = { page: args.page, pageSize: args.pageSize };
  const search = args.search?.trim();
  if (search) params['search'] = search;
  return params;
}

const LIST_TAG = { type: 'GlAccount' as const, id: 'LIST' };

export const accountingApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getAccounting: b.query<ListEnvelope<GlAccount>, GlAccountListArgs>({
      query: (args) => ({ url: ACCOUNTING_PATHS.list, params: glAccountListParams(args) }),
      providesTags: (res) => [LIST_TAG, ...(res?.items ?? []).map((r) => ({ type: 'GlAccount' as const, id: r.id }))],
    }),
  }),
});

export const { useGetAccountingQuery } = accountingApi;
