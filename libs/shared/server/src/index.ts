// Server plumbing shared by every domain's server lib and the api app (ARCHITECTURE.md).
export * from './config';
export * from './csv';
export * from './table-file';
export * from './db';
export * from './http';
export * from './jobs';
export * from './approvals';
export * from './ops';
export * from './ports';
export * from './password';
export * from './seed';
export * from './server';
export * from './signed-content';
export * from './time';
// db/balances.ts answers the same day; the clock's is the one (both read business_today()).
export { businessToday } from './time';
export * from './settings/loan-product';
export type {} from './types.d';
