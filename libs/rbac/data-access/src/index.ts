export * from './lib/users-api';
export * from './lib/roles-api';
export * from './lib/loan-products-api';
