/**
 * Drizzle definitions of every table. They mirror the hand-written SQL of
 * ../migrations (the migrations are the truth; keep both in step).
 */
export * from './core';
export * from './loans';
export * from './money';
export * from './borrower-web';
export * from './balances';
export * from './admin';
export * from './disbursements';
export * from './loan-account';
export * from './loan-products';
export * from './accounting';
