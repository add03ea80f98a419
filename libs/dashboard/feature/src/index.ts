// Only descriptors: the pages are reached through their lazy `element`, so the portal can
// import this entry statically without pulling the dashboard into its first load.
export { dashboardScreens } from './lib/dashboard-screens';
