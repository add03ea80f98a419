export { disbursementsApi, disbursementListParams, useGetDisbursementsQuery, useGetDisbursementQuery, type DisbursementListArgs } from './lib/disbursements/disbursements-api';
export * from './lib/repayments/repayments-api';
