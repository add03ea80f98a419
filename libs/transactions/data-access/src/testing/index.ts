export * from './disbursements';
