export * from './lib/users-api';
export * from './lib/roles-api';
