export * from './disbursements';
export * from './repayments';
export * from './suspense';
