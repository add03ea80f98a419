export * from './lib/borrower-api';
export { useBorrowerMutation, preloadBorrowerCalls, type BorrowerMutation } from './lib/borrower-calls';
export { recordVisit } from './lib/borrower-visit';
