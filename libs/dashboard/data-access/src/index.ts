export * from './lib/dashboard-api';
