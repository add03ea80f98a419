export * from './lib/communication-api';
