export { transactionsServer, startDisbursementPoller } from './lib/transactions-server';
export { settlePending } from './lib/disbursements/disburse';
