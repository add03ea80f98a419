export { communicationModule as communicationServer, communicationPlugin } from './lib/communication/routes';
export { SMS_BATCH_JOB, runSmsBatch } from './lib/communication/send';
