import { api } from '@loan/shared-data-access-api';
import { COLLECTIONS_PATHS, type SuspenseItem, type SuspenseList } from '@loan/shared-contract';

export interface SuspenseListArgs {
  page: number;
  pageSize: number;
  search?: string;
  /** 'open', 'matched' or 'refunded'; every line when absent. */
  status?: string;
}

/** The query string: only what was chosen. */
export function suspenseListParams(args: SuspenseListArgs): Record<string, string | number> {
  const params: Record<string, string | number> = { page: args.page, pageSize: args.pageSize };
  const search = args.search?.trim();
  if (search) params['search'] = search;
  if (args.status) params['status'] = args.status;
  return params;
}

// The shared api has no tag of its own for suspense: its lines live under the repayments' tag.
const SUSPENSE_TAG = { type: 'Repayment' as const, id: 'SUSPENSE' };
/** A matched line is a new repayment: the repayments list, the loans' balances and the dashboard change. */
const MATCHED = [SUSPENSE_TAG, { type: 'Repayment' as const, id: 'LIST' }, { type: 'Application' as const, id: 'LIST' }, { type: 'TopUp' as const, id: 'LIST' }, 'Dashboard' as const];

export const suspenseApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getSuspense: b.query<SuspenseList, SuspenseListArgs>({
      query: (args) => ({ url: COLLECTIONS_PATHS.suspense, params: suspenseListParams(args) }),
      providesTags: [SUSPENSE_TAG],
    }),
    /** The line becomes the loan's repayment (409 when it left suspense already). */
    matchSuspense: b.mutation<SuspenseItem, { id: number; applicationId: number }>({
      query: ({ id, applicationId }) => ({ url: COLLECTIONS_PATHS.suspenseMatch.replace(':id', String(id)), method: 'POST', body: { application_id: applicationId } }),
      invalidatesTags: (res) => (res?.matched_application_id ? [...MATCHED, { type: 'Application', id: res.matched_application_id }, { type: 'TopUp', id: res.matched_application_id }] : MATCHED),
      extraOptions: { toast: { success: 'Matched: the payment is now a repayment of the loan.', error: true } },
    }),
    /** The money went back to the payer (409 when the line left suspense already). */
    refundSuspense: b.mutation<SuspenseItem, { id: number; refundReference: string }>({
      query: ({ id, refundReference }) => ({ url: COLLECTIONS_PATHS.suspenseRefund.replace(':id', String(id)), method: 'POST', body: { refund_reference: refundReference } }),
      invalidatesTags: [SUSPENSE_TAG],
      extraOptions: { toast: { success: 'Marked refunded.', error: true } },
    }),
  }),
});

export const { useGetSuspenseQuery, useMatchSuspenseMutation, useRefundSuspenseMutation } = suspenseApi;
