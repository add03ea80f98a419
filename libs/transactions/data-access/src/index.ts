export { disbursementsApi, disbursementListParams, useGetDisbursementsQuery, useGetDisbursementQuery, type DisbursementListArgs } from './lib/disbursements/disbursements-api';
