import { api } from '@loan/shared-data-access-api';
import { LOAN_DISK_PATHS, type LoanDisk } from '@loan/shared-contract';

/**
 * `GET /api/loan-disk/loanById`: a loan with its schedule, balance and repayments. It
 * provides the `Repayment` tag, so recording, editing or reversing a repayment anywhere
 * refreshes the balance shown here.
 */
export const loanDiskApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (b) => ({
    getLoanDisk: b.query<LoanDisk, number>({
      query: (id) => ({ url: LOAN_DISK_PATHS.loanById, params: { id } }),
      providesTags: (_res, _err, id) => [{ type: 'Repayment', id: `LOAN-${id}` }, { type: 'Repayment', id: 'LIST' }],
    }),
  }),
});

export const { useGetLoanDiskQuery } = loanDiskApi;
