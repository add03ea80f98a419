export { reportsModule as reportsServer } from './lib/reports/routes';
