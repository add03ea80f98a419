export { clientsModule as clientsServer } from './lib/clients/routes';
