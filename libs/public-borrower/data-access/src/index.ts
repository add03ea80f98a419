export * from './lib/borrower-api';
export { useBorrowerMutation, type BorrowerMutation } from './lib/borrower-calls';
