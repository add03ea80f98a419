// Server plumbing shared by every domain's server lib and the api app (ARCHITECTURE.md).
export * from './config';
export * from './csv';
export * from './table-file';
export * from './db';
export * from './http';
export * from './jobs';
export * from './ops';
export * from './ports';
export * from './password';
export * from './seed';
export * from './server';
export * from './signed-content';
export * from './time';
export * from './settings/loan-product';
export type {} from './types.d';
