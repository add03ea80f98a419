export { accountingApi, glAccountListParams, useGetAccountingQuery, type GlAccountListArgs } from './lib/accounting-api';
