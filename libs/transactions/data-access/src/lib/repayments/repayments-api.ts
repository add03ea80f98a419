import type { TagDescription } from '@reduxjs/toolkit/query';
import { api, downloadUrl, type TagType } from '@loan/shared-data-access-api';
import {
  REPAYMENT_PATHS,
  REPAYMENT_UPLOAD_CONTENT_TYPE,
  type BulkUploadReport,
  type ListEnvelope,
  type RepayableLoan,
  type Repayment,
  type RepaymentCreateBody,
  type RepaymentList,
  type RepaymentResult,
  type RepaymentUpdateBody,
} from '@loan/shared-contract';

/** The list's filters as the URL holds them (`?fromDate=...&method=...`). */
export const REPAYMENT_FILTERS = ['fromDate', 'toDate', 'method', 'branch', 'loan'] as const;
export type RepaymentFilterName = (typeof REPAYMENT_FILTERS)[number];

export interface RepaymentListArgs {
  page: number;
  pageSize: number;
  search?: string;
  /** 'active' or 'reversed'; every row when absent. */
  status?: string;
  filters?: Partial<Record<RepaymentFilterName, string>>;
}

/** The query string: only what was chosen. */
export function repaymentListParams(args: Omit<RepaymentListArgs, 'page' | 'pageSize'> & { page?: number; pageSize?: number }) {
  const params: Record<string, string | number> = {};
  if (args.page) params['page'] = args.page;
  if (args.pageSize) params['pageSize'] = args.pageSize;
  const search = args.search?.trim();
  if (search) params['search'] = search;
  if (args.status) params['status'] = args.status;
  for (const [k, v] of Object.entries(args.filters ?? {})) if (v) params[k] = v;
  return params;
}

/** The CSV of the list as filtered (every page). */
export function repaymentsExportHref(args: Omit<RepaymentListArgs, 'page' | 'pageSize'>): string {
  return downloadUrl(REPAYMENT_PATHS.export, repaymentListParams(args) as Record<string, string>);
}

export const repaymentsTemplateHref = (): string => downloadUrl(REPAYMENT_PATHS.bulkTemplate, {});

export interface RepaymentsUploadArgs {
  /** The chosen file: sent as it is (text/csv), the server reads it as a stream. */
  file: Blob;
  fileName?: string;
}

/** POST /bulk-upload: the file itself as the body; `confirm` saves, otherwise only checks. */
const uploadRequest = ({ file, fileName }: RepaymentsUploadArgs, confirm: boolean) => ({
  url: REPAYMENT_PATHS.bulkUpload,
  method: 'POST',
  params: fileName ? { confirm: String(confirm), file_name: fileName } : { confirm: String(confirm) },
  headers: { 'Content-Type': REPAYMENT_UPLOAD_CONTENT_TYPE },
  body: file,
});

const LIST_TAG = { type: 'Repayment' as const, id: 'LIST' };
/** A repayment changes balances (loan details, the loan lists' statuses) and the dashboard's figures. */
const CHANGED = [LIST_TAG, { type: 'Application' as const, id: 'LIST' }, { type: 'TopUp' as const, id: 'LIST' }, 'Dashboard' as const];

/**
 * What one repayment changed, read from the server's answer: the lists and the dashboard, and
 * the loan itself (a repayment that pays it in full closes it; a reversal can reopen it), so
 * an open loan-details page refetches its status and balance. The answer names the loan by id,
 * not by kind: applications and top-ups share one id sequence, so both tags are named.
 */
function changedBy(res: RepaymentResult | undefined): TagDescription<TagType>[] {
  const id = res?.balance?.application_id ?? res?.repayment.application_id;
  if (id == null) return CHANGED;
  return [...CHANGED, { type: 'Application', id }, { type: 'TopUp', id }, { type: 'Repayment', id: `LOAN-${id}` }];
}

export const repaymentsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getRepayments: b.query<RepaymentList, RepaymentListArgs>({
      query: (args) => ({ url: REPAYMENT_PATHS.list, params: repaymentListParams(args) }),
      providesTags: (res) => [LIST_TAG, ...(res?.items ?? []).map((r) => ({ type: 'Repayment' as const, id: r.id }))],
    }),
    getRepayment: b.query<Repayment, number>({
      query: (id) => REPAYMENT_PATHS.byId.replace(':id', String(id)),
      providesTags: (_res, _err, id) => [{ type: 'Repayment', id }],
    }),
    getRepayableLoans: b.query<ListEnvelope<RepayableLoan>, { search?: string }>({
      query: ({ search }) => ({ url: REPAYMENT_PATHS.loans, params: search?.trim() ? { search: search.trim() } : {} }),
      providesTags: [LIST_TAG],
    }),
    createRepayment: b.mutation<RepaymentResult, RepaymentCreateBody>({
      query: (body) => ({ url: REPAYMENT_PATHS.create, method: 'POST', body }),
      invalidatesTags: (res) => changedBy(res),
      extraOptions: { toast: { success: 'Repayment recorded.', error: true } },
    }),
    updateRepayment: b.mutation<RepaymentResult, { id: number; body: RepaymentUpdateBody }>({
      query: ({ id, body }) => ({ url: REPAYMENT_PATHS.update.replace(':id', String(id)), method: 'PUT', body }),
      invalidatesTags: (res, _err, { id }) => [...changedBy(res), { type: 'Repayment', id }],
      extraOptions: { toast: { success: 'Repayment updated.', error: true } },
    }),
    deleteRepayment: b.mutation<RepaymentResult, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: REPAYMENT_PATHS.delete.replace(':id', String(id)), method: 'DELETE', body: { reason } }),
      invalidatesTags: (res, _err, { id }) => [...changedBy(res), { type: 'Repayment', id }],
      extraOptions: { toast: { success: 'Repayment reversed.', error: true } },
    }),
    /** Checks a file: every row, nothing saved. */
    checkRepaymentsUpload: b.mutation<BulkUploadReport, RepaymentsUploadArgs>({
      query: (args) => uploadRequest(args, false),
    }),
    /** Saves every row of the file in one transaction, or none (422 with the report). */
    uploadRepayments: b.mutation<BulkUploadReport, RepaymentsUploadArgs>({
      query: (args) => uploadRequest(args, true),
      invalidatesTags: CHANGED,
      extraOptions: { toast: { success: 'Repayments saved.' } },
    }),
  }),
});

export const {
  useGetRepaymentsQuery,
  useGetRepaymentQuery,
  useGetRepayableLoansQuery,
  useCreateRepaymentMutation,
  useUpdateRepaymentMutation,
  useDeleteRepaymentMutation,
  useCheckRepaymentsUploadMutation,
  useUploadRepaymentsMutation,
} = repaymentsApi;
