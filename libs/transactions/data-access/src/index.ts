export {
  disbursementsApi,
  disbursementListParams,
  disbursementFilterParams,
  useGetDisbursementsQuery,
  useGetDisbursementQuery,
  useGetPayableLoansQuery,
  useDisburseOneMutation,
  useDisburseBulkPartMutation,
  useRefreshDisbursementMutation,
  useRetryDisbursementMutation,
  useReconcileDisbursementsMutation,
  useDeleteDisbursementMutation,
  type DisbursementListArgs,
  type DisbursementFilters,
  type PayArgs,
  type PayBulkArgs,
} from './lib/disbursements/disbursements-api';
export * from './lib/repayments/repayments-api';
