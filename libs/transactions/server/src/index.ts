export { transactionsServer, startDisbursementPoller, AUTO_DISBURSE_JOB } from './lib/transactions-server';
export { REPAYMENT_UPLOAD_PHASES } from './lib/repayments/bulk';
export { settlePending } from './lib/disbursements/disburse';
export { registerCollections, COLLECTIONS_POLL_JOB, type CollectionsOptions } from './lib/collections/routes';
export { postCollection, repaymentsServiceRecorder, type RecordRepayment, type RecordRepaymentInput } from './lib/collections/post';
