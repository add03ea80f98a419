export { DashboardPage } from './lib/dashboard-page';
