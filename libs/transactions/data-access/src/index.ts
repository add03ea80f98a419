export * from './lib/disbursements/disbursements-api';
export * from './lib/repayments/repayments-api';
export * from './lib/suspense/suspense-api';
