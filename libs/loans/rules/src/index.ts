// The money rules of a loan, pure (no I/O): schedule, allocation, APR, settlement quote.
// One module for the server (libs/loans/account) and the browser (/apply, the offer letter).
export * from './lib/types';
export * from './lib/stubs';
