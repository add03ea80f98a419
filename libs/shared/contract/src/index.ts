export * from './lib/permissions';
export * from './lib/statuses';
export * from './lib/constants';
export * from './lib/paths';
