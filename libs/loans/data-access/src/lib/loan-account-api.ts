import { api } from '@loan/shared-data-access-api';
import {
  LOAN_ACCOUNT_COMMAND_PATHS,
  LOAN_ACCOUNT_PATHS,
  formatMoney,
  type LoanAccountDetails,
  type LoanRecoveryBody,
  type LoanRescheduleBody,
  type LoanReschedulePreview,
  type LoanSettleBody,
  type LoanSettlementQuote,
  type LoanWaiverBody,
  type LoanWriteOffBody,
} from '@loan/shared-contract';

const path = (p: string, id: number) => p.replace(':id', String(id));

/**
 * The loan (applications and top-ups share ids: both kinds' tags), the lists, the dashboard
 * and the repayments' lists: what a command on the account changes (only on success).
 */
const changed = (id: number) => [
  { type: 'Application' as const, id },
  { type: 'TopUp' as const, id },
  { type: 'Application' as const, id: 'LIST' },
  { type: 'TopUp' as const, id: 'LIST' },
  { type: 'Repayment' as const, id: 'LIST' },
  'Dashboard' as const,
];

/** A command on loan `id` with its body. */
export interface LoanAccountCommand<B> {
  id: number;
  body: B;
}

/**
 * The loan account (`LOAN_ACCOUNT_PATHS`, `LOAN_ACCOUNT_COMMAND_PATHS`):
 * - `getLoanAccount`: `GET /api/loan-accounts/:id` (balance by part, schedule, ledger newest
 *   first; 404 when the loan has no account: not paid out). It provides the loan's tags
 *   and the `Repayment` and `Disbursement` lists', so a repayment, a reversal or a payout
 *   recorded anywhere refreshes it.
 * - the commands (waive, write-off, recovery, settle, reschedule) answer the account after
 *   them and invalidate `changed`; toasts on the endpoints (a 422 is left to the form).
 * - `getSettlementQuote` (GET, today's figure) and `previewReschedule` (POST, saves nothing).
 */
export const loanAccountApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getLoanAccount: b.query<LoanAccountDetails, number>({
      query: (id) => path(LOAN_ACCOUNT_PATHS.details, id),
      providesTags: (_res, _err, id) => [
        { type: 'Application', id },
        { type: 'TopUp', id },
        { type: 'Repayment', id: `LOAN-${id}` },
        { type: 'Repayment', id: 'LIST' },
        { type: 'Disbursement', id: 'LIST' },
      ],
    }),
    waiveLoanCharges: b.mutation<LoanAccountDetails, LoanAccountCommand<LoanWaiverBody>>({
      query: ({ id, body }) => ({ url: path(LOAN_ACCOUNT_COMMAND_PATHS.waive, id), method: 'POST', body }),
      invalidatesTags: (_res, err, { id }) => (err ? [] : changed(id)),
      extraOptions: { toast: { success: (_d, arg) => `${formatMoney((arg as LoanAccountCommand<LoanWaiverBody>).body.amount)} waived.`, error: true } },
    }),
    writeOffLoan: b.mutation<LoanAccountDetails, LoanAccountCommand<LoanWriteOffBody>>({
      query: ({ id, body }) => ({ url: path(LOAN_ACCOUNT_COMMAND_PATHS.writeOff, id), method: 'POST', body }),
      invalidatesTags: (_res, err, { id }) => (err ? [] : changed(id)),
      extraOptions: { toast: { success: 'Loan written off.', error: true } },
    }),
    recordRecovery: b.mutation<LoanAccountDetails, LoanAccountCommand<LoanRecoveryBody>>({
      query: ({ id, body }) => ({ url: path(LOAN_ACCOUNT_COMMAND_PATHS.recovery, id), method: 'POST', body }),
      invalidatesTags: (_res, err, { id }) => (err ? [] : changed(id)),
      extraOptions: { toast: { success: (_d, arg) => `Recovery of ${formatMoney((arg as LoanAccountCommand<LoanRecoveryBody>).body.amount)} recorded.`, error: true } },
    }),
    getSettlementQuote: b.query<LoanSettlementQuote, number>({
      query: (id) => path(LOAN_ACCOUNT_COMMAND_PATHS.settlementQuote, id),
      providesTags: (_res, _err, id) => [{ type: 'Application', id }, { type: 'TopUp', id }, { type: 'Repayment', id: 'LIST' }],
    }),
    settleLoan: b.mutation<LoanAccountDetails, LoanAccountCommand<LoanSettleBody>>({
      query: ({ id, body }) => ({ url: path(LOAN_ACCOUNT_COMMAND_PATHS.settle, id), method: 'POST', body }),
      invalidatesTags: (_res, err, { id }) => (err ? [] : changed(id)),
      extraOptions: { toast: { success: 'Loan settled and closed.', error: true } },
    }),
    previewReschedule: b.mutation<LoanReschedulePreview, LoanAccountCommand<LoanRescheduleBody>>({
      query: ({ id, body }) => ({ url: path(LOAN_ACCOUNT_COMMAND_PATHS.reschedulePreview, id), method: 'POST', body }),
    }),
    rescheduleLoan: b.mutation<LoanAccountDetails, LoanAccountCommand<LoanRescheduleBody>>({
      query: ({ id, body }) => ({ url: path(LOAN_ACCOUNT_COMMAND_PATHS.reschedule, id), method: 'POST', body }),
      invalidatesTags: (_res, err, { id }) => (err ? [] : changed(id)),
      extraOptions: { toast: { success: 'Loan rescheduled.', error: true } },
    }),
  }),
});

export const {
  useGetLoanAccountQuery,
  useWaiveLoanChargesMutation,
  useWriteOffLoanMutation,
  useRecordRecoveryMutation,
  useGetSettlementQuoteQuery,
  useSettleLoanMutation,
  usePreviewRescheduleMutation,
  useRescheduleLoanMutation,
} = loanAccountApi;
