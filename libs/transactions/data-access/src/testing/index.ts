export * from './disbursements';
export * from './repayments';
