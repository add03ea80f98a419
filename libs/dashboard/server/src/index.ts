export { dashboardModule as dashboardServer } from './lib/dashboard/routes';
