import { api } from '@loan/shared-data-access-api';
import { LOAN_ACCOUNT_PATHS, type LoanAccountDetails } from '@loan/shared-contract';

/**
 * `GET /api/loan-accounts/:id`: the loan account of a paid-out loan (balance by part, the
 * schedule per instalment, the ledger newest first). A loan without an account answers 404.
 * It provides the loan's `Application` tag (its commands and status changes invalidate it)
 * and the `Repayment` and `Disbursement` lists' tags, so a repayment, a reversal or a payout
 * recorded anywhere refreshes the figures shown here.
 */
export const loanAccountApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getLoanAccount: b.query<LoanAccountDetails, number>({
      query: (id) => LOAN_ACCOUNT_PATHS.details.replace(':id', String(id)),
      providesTags: (_res, _err, id) => [
        { type: 'Application', id },
        { type: 'Repayment', id: `LOAN-${id}` },
        { type: 'Repayment', id: 'LIST' },
        { type: 'Disbursement', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetLoanAccountQuery } = loanAccountApi;
