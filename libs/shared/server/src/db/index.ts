export * from './database';
export * from './migrate';
export * as schema from './schema';
export * from './sql';
export * from './list';
export * from './balances';
export * from './branch-filter';
