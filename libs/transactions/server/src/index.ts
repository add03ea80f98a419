export { transactionsServer, startDisbursementPoller, AUTO_DISBURSE_JOB } from './lib/transactions-server';
export { settlePending } from './lib/disbursements/disburse';
