export * from './lib/disbursements/disbursements-api';
export * from './lib/repayments/repayments-api';
