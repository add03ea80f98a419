export { transactionsServer } from './lib/transactions-server';
