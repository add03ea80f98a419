export * from './lib/borrower-api';
