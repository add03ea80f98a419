export { communicationModule as communicationServer, communicationPlugin } from './lib/communication/routes';
export { SMS_BATCH_JOB, RETRY_JOB, runSmsBatch } from './lib/communication/send';
export { REMINDERS_JOB, queueReminders } from './lib/communication/reminders';
