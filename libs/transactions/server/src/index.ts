export { transactionsServer, startDisbursementPoller, AUTO_DISBURSE_JOB } from './lib/transactions-server';
export { REPAYMENT_UPLOAD_PHASES } from './lib/repayments/bulk';
export { settlePending } from './lib/disbursements/disburse';
