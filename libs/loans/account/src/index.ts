// The loan account: the one owner of a loan's money and status (ARCHITECTURE.md "The money of a loan").
export * from './lib/account';
export * from './lib/events';
export * from './lib/details';
export * from './lib/products';
export * from './lib/commands';
export { replayLoans, loadLoans, planLoan } from './lib/ledger';
