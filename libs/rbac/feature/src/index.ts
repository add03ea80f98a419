// Descriptors (the screens load through their lazy `element`, so the portal can import this
// entry statically without pulling the screens into its first load) and the top bar's bell.
export { rbacScreens } from './lib/rbac-screens';
export { NotificationBell } from './lib/notification-bell';
export { ApprovalsCount } from './lib/approvals-count';
