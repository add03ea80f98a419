import { LOAN_LIMITS_PATH, type LoanLimits } from '@loan/shared-contract';
import { api } from './api';

/**
 * The loan product's limits, rate and fee as they are now (/settings/loan-product; public):
 * the borrower form's hints and month choices, and the staff edit's amount hint.
 */
export const loanLimitsApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getLoanLimits: b.query<LoanLimits, void>({
      query: () => LOAN_LIMITS_PATH,
    }),
  }),
});

export const { useGetLoanLimitsQuery } = loanLimitsApi;
