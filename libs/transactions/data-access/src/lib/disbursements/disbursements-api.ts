import { api } from '@loan/shared-data-access-api';
import {
  DISBURSEMENTS_PATHS,
  IDEMPOTENCY_KEY_HEADER,
  type DisburseBulkResult,
  type DisbursementDetails,
  type DisbursementList,
  type DisburseSingleResult,
  type HeldAnswer,
  isHeldAnswer,
  type Disbursement,
  type PayableList,
  type ReconcileResult,
  type AutoRule,
  type AutoRuleBodyInput,
  type AutoRuleDryRun,
  type AutoRuleList,
  type DisbursementBranch,
  type StatementBody,
  type StatementMatch,
} from '@loan/shared-contract';

/** The list's filters, as the URL holds them (blank = no filter). */
export interface DisbursementFilters {
  search?: string;
  status?: string;
  mode?: string;
  fromDate?: string;
  toDate?: string;
  branch_id?: string;
  reconciled?: string;
}

export interface DisbursementListArgs extends DisbursementFilters {
  page: number;
  pageSize: number;
}

const FILTER_KEYS = ['search', 'status', 'mode', 'fromDate', 'toDate', 'branch_id', 'reconciled'] as const;

/** The filters' query string: only what was chosen (the list's and the CSV export's). */
export function disbursementFilterParams(args: DisbursementFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const k of FILTER_KEYS) {
    const v = args[k]?.trim();
    if (v) params[k] = v;
  }
  return params;
}

/** The list's query string: page, size and the chosen filters. */
export function disbursementListParams(args: DisbursementListArgs): Record<string, string | number> {
  return { page: args.page, pageSize: args.pageSize, ...disbursementFilterParams(args) };
}

/** One intended payment: the key the server uses to pay it at most once, however often it is sent. */
export interface PayArgs {
  applicationId: number;
  idempotencyKey: string;
}

export interface PayBulkArgs {
  applicationIds: number[];
  batchId: string;
  idempotencyKey: string;
}

const LIST_TAG = { type: 'Disbursement' as const, id: 'LIST' };
const PAYABLE_TAG = { type: 'Disbursement' as const, id: 'PAYABLE' };
const changed = [LIST_TAG, PAYABLE_TAG, 'Dashboard' as const];
const RULES_TAG = { type: 'Disbursement' as const, id: 'AUTO_RULES' };
const ruleUrl = (path: string, id: number) => path.replace(':id', String(id));

export const disbursementsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getDisbursements: b.query<DisbursementList, DisbursementListArgs>({
      query: (args) => ({ url: DISBURSEMENTS_PATHS.list, params: disbursementListParams(args) }),
      providesTags: (res) => [LIST_TAG, ...(res?.items ?? []).map((r) => ({ type: 'Disbursement' as const, id: r.id }))],
    }),
    getDisbursement: b.query<DisbursementDetails, number>({
      query: (id) => DISBURSEMENTS_PATHS.byId.replace(':id', String(id)),
      providesTags: (_res, _err, id) => [{ type: 'Disbursement', id }],
    }),
    getPayableLoans: b.query<PayableList, { page: number; pageSize: number; search?: string }>({
      query: ({ page, pageSize, search }) => ({
        url: DISBURSEMENTS_PATHS.payable,
        params: { page, pageSize, ...(search?.trim() ? { search: search.trim() } : {}) },
      }),
      providesTags: [PAYABLE_TAG],
    }),
    /** The payment, or (above the maker-checker amount) the request waiting for a second person (202). */
    disburseOne: b.mutation<DisburseSingleResult | HeldAnswer, PayArgs>({
      query: ({ applicationId, idempotencyKey }) => ({
        url: DISBURSEMENTS_PATHS.disburseSingle,
        method: 'POST',
        body: { application_id: applicationId },
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: (res, err) => (err ? [PAYABLE_TAG] : isHeldAnswer(res) ? [PAYABLE_TAG, { type: 'PendingAction' as const }] : changed),
      extraOptions: {
        toast: {
          success: (data) => {
            if (isHeldAnswer(data)) return data.message;
            const d = (data as DisburseSingleResult).disbursement;
            return d.status === 'failed' ? `Disbursement #${d.id} failed: ${d.failure_reason ?? 'refused by the provider'}.` : `Disbursement #${d.id} sent (${d.status}).`;
          },
          error: true,
        },
      },
    }),
    /**
     * One part of a bulk run (the screen sends the loans one by one to show each row's progress);
     * toasts are the screen's summary. It invalidates nothing itself: the screen dispatches
     * `paymentsChanged()` once when the run ends, so the list asks again once, not once per row.
     */
    disburseBulkPart: b.mutation<DisburseBulkResult, PayBulkArgs>({
      query: ({ applicationIds, batchId, idempotencyKey }) => ({
        url: DISBURSEMENTS_PATHS.disburseBulk,
        method: 'POST',
        body: { application_ids: applicationIds, batch: batchId },
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
    }),
    refreshDisbursement: b.mutation<Disbursement, number>({
      query: (id) => ({ url: DISBURSEMENTS_PATHS.refresh.replace(':id', String(id)), method: 'POST' }),
      invalidatesTags: (_res, err, id) => (err ? [] : [{ type: 'Disbursement', id }, ...changed]),
      extraOptions: { toast: { success: (data) => `Status: ${(data as Disbursement).status}.`, error: true } },
    }),
    retryDisbursement: b.mutation<DisburseSingleResult, { id: number; idempotencyKey: string }>({
      query: ({ id, idempotencyKey }) => ({
        url: DISBURSEMENTS_PATHS.retry.replace(':id', String(id)),
        method: 'POST',
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: (_res, err, { id }) => (err ? [] : [{ type: 'Disbursement', id }, ...changed]),
      extraOptions: { toast: { success: (data) => `Sent again as disbursement #${(data as DisburseSingleResult).disbursement.id}.`, error: true } },
    }),
    reconcileDisbursements: b.mutation<ReconcileResult, number[]>({
      query: (ids) => ({ url: DISBURSEMENTS_PATHS.reconcile, method: 'POST', body: { ids } }),
      invalidatesTags: (_res, err, ids) => (err ? [] : [...ids.map((id) => ({ type: 'Disbursement' as const, id })), ...changed]),
      extraOptions: {
        toast: {
          success: (data) => {
            const r = data as ReconcileResult;
            return `${r.reconciled} reconciled${r.skipped ? `, ${r.skipped} skipped (only successful, not yet reconciled ones)` : ''}.`;
          },
          error: true,
        },
      },
    }),
    deleteDisbursement: b.mutation<null, number>({
      query: (id) => ({ url: DISBURSEMENTS_PATHS.remove.replace(':id', String(id)), method: 'DELETE' }),
      invalidatesTags: (_res, err) => (err ? [] : changed),
      extraOptions: { toast: { success: (_d, id) => `Disbursement #${String(id)} deleted.`, error: true } },
    }),
    /** Matching reads only: a mutation so each chosen file asks once (no cache by body). Field errors are the screen's to show. */
    matchStatement: b.mutation<StatementMatch, StatementBody>({
      query: (body) => ({ url: DISBURSEMENTS_PATHS.statementMatch, method: 'POST', body }),
    }),
    confirmStatement: b.mutation<ReconcileResult, StatementBody>({
      query: (body) => ({ url: DISBURSEMENTS_PATHS.statementConfirm, method: 'POST', body }),
      invalidatesTags: (_res, err) => (err ? [] : [{ type: 'Disbursement' as const }, ...changed]),
      extraOptions: {
        toast: {
          success: (data) => {
            const r = data as ReconcileResult;
            return `${r.reconciled} reconciled from the statement${r.skipped ? `, ${r.skipped} already reconciled` : ''}.`;
          },
          error: true,
        },
      },
    }),
    getDisbursementBranches: b.query<DisbursementBranch[], void>({
      query: () => DISBURSEMENTS_PATHS.branches,
      keepUnusedDataFor: 600,
    }),
    getAutoRules: b.query<AutoRuleList, void>({
      query: () => DISBURSEMENTS_PATHS.autoRules,
      providesTags: [RULES_TAG],
    }),
    /** Add (no id) or edit (id) a rule; the server's field errors go to the form (no error toast). */
    saveAutoRule: b.mutation<AutoRule, { id?: number; body: AutoRuleBodyInput }>({
      query: ({ id, body }) => (id ? { url: ruleUrl(DISBURSEMENTS_PATHS.autoRule, id), method: 'PUT', body } : { url: DISBURSEMENTS_PATHS.autoRules, method: 'POST', body }),
      invalidatesTags: (_res, err) => (err ? [] : [RULES_TAG]),
      extraOptions: { toast: { success: (data, arg) => `Rule "${(data as AutoRule).name}" ${(arg as { id?: number }).id ? 'saved' : 'added'}.` } },
    }),
    deleteAutoRule: b.mutation<null, { id: number; name: string }>({
      query: ({ id }) => ({ url: ruleUrl(DISBURSEMENTS_PATHS.autoRule, id), method: 'DELETE' }),
      invalidatesTags: (_res, err) => (err ? [] : [RULES_TAG]),
      extraOptions: { toast: { success: (_d, arg) => `Rule "${(arg as { name: string }).name}" deleted.`, error: true } },
    }),
    setAutoRuleActive: b.mutation<AutoRule, { id: number; active: boolean }>({
      query: ({ id, active }) => ({ url: ruleUrl(active ? DISBURSEMENTS_PATHS.autoRuleResume : DISBURSEMENTS_PATHS.autoRulePause, id), method: 'POST' }),
      invalidatesTags: (_res, err) => (err ? [] : [RULES_TAG]),
      extraOptions: { toast: { success: (data) => `Rule "${(data as AutoRule).name}" ${(data as AutoRule).active ? 'resumed' : 'paused'}.`, error: true } },
    }),
    dryRunAutoRule: b.mutation<AutoRuleDryRun, number>({
      query: (id) => ({ url: ruleUrl(DISBURSEMENTS_PATHS.autoRuleDryRun, id), method: 'POST' }),
      extraOptions: { toast: { error: true } },
    }),
  }),
});

/**
 * After payments: the payable list (paid rows leave it), the disbursements and the dashboard's
 * figures ask again. A bulk run dispatches it once at its end; the other paying calls invalidate
 * the same tags themselves.
 */
export const paymentsChanged = () => disbursementsApi.util.invalidateTags(changed);

export const {
  useGetDisbursementBranchesQuery,
  useMatchStatementMutation,
  useConfirmStatementMutation,
  useGetAutoRulesQuery,
  useSaveAutoRuleMutation,
  useDeleteAutoRuleMutation,
  useSetAutoRuleActiveMutation,
  useDryRunAutoRuleMutation,
  useGetDisbursementsQuery,
  useGetDisbursementQuery,
  useGetPayableLoansQuery,
  useDisburseOneMutation,
  useDisburseBulkPartMutation,
  useRefreshDisbursementMutation,
  useRetryDisbursementMutation,
  useReconcileDisbursementsMutation,
  useDeleteDisbursementMutation,
} = disbursementsApi;
