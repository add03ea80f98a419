export * from './lib/reports-api';
