export * from './lib/permissions';
export * from './lib/statuses';
export * from './lib/constants';
export * from './lib/paths';
export * from './lib/dashboard';
export * from './lib/common';
export * from './lib/auth';
export * from './lib/rbac';
