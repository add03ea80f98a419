import { api } from '@loan/shared-data-access-api';
import { DISBURSEMENTS_PATHS, type Disbursement, type ListEnvelope } from '@loan/shared-contract';

export interface DisbursementListArgs {
  page: number;
  pageSize: number;
  search?: string;
}

/** The list's query string: only what was chosen. */
export function disbursementListParams(args: DisbursementListArgs): Record<string, string | number> {
  const params: Record<string, string | number> = { page: args.page, pageSize: args.pageSize };
  const search = args.search?.trim();
  if (search) params['search'] = search;
  return params;
}

const LIST_TAG = { type: 'Disbursement' as const, id: 'LIST' };

export const disbursementsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getDisbursements: b.query<ListEnvelope<Disbursement>, DisbursementListArgs>({
      query: (args) => ({ url: DISBURSEMENTS_PATHS.list, params: disbursementListParams(args) }),
      providesTags: (res) => [LIST_TAG, ...(res?.items ?? []).map((r) => ({ type: 'Disbursement' as const, id: r.id }))],
    }),
    getDisbursement: b.query<Disbursement, number>({
      query: (id) => DISBURSEMENTS_PATHS.byId.replace(':id', String(id)),
      providesTags: (_res, _err, id) => [{ type: 'Disbursement', id }],
    }),
  }),
});

export const { useGetDisbursementsQuery, useGetDisbursementQuery } = disbursementsApi;
