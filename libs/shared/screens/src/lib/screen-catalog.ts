import {
  API,
  APPROVALS_PATHS,
  AUDIT_PATHS,
  COMMUNICATION_PATHS,
  DASHBOARD_PATHS,
  LOAN_PRODUCTS_PATHS,
  P,
  DISBURSEMENTS_PATHS,
  REPAYMENT_PATHS,
  REPORTS_PATHS,
  SETTINGS_PATHS,
  USER_PATHS,
  CLIENTS_PATHS,
  COLLECTIONS_PATHS,
  ACCOUNTING_PATHS,
} from '@loan/shared-contract';
import type { ScreenSpec } from './screen-spec';

const APPLICATIONS = ['Loans', 'Applications'] as const;
const TOPUPS = ['Loans', 'Top-ups'] as const;
const DISBURSEMENTS = ['Transactions', 'Disbursements'] as const;

// A menu item needs its groups' permissions too (NOTES.md "Side menu gating"), so each
// screen lists them: the item then never shows where the group would not.
const applications = [P.viewLoanModule, P.viewLoanApplications] as const;
const topups = [P.viewLoanModule, P.viewLoanTopups] as const;
const transactions = [P.viewTransactionModule] as const;

const byStatus = (status: string, base: string = API.applications) => ({ path: `${base}/byStatus`, query: { status } });

/**
 * Every signed-in screen of spec §2 (plus the added top-up Approved list of NOTES.md), once.
 * A screen turns `ready` when its domain's feature lib exports a descriptor for it (the
 * portal's registry test holds the two together); until then it shows the not-yet page
 * and stays out of the menu. `firstCall` is set where the api already serves the data, so
 * the registry e2e proves the permissions are the ones the api asks for.
 */
export const SCREENS = {
  dashboard: {
    path: '/dashboard',
    title: 'Dashboard',
    permissions: [P.viewDashboard],
    menu: { group: [], label: 'Dashboard', order: 10 },
    firstCall: { path: DASHBOARD_PATHS.dailyCardStats },
    status: 'ready',
  },
  applicationRequests: {
    path: '/loans/applications/requests',
    title: 'Application Requests',
    permissions: [...applications, P.viewRequestApplications],
    menu: { group: APPLICATIONS, label: 'Requests', order: 20 },
    firstCall: byStatus('request'),
    status: 'ready',
  },
  applicationsRejected: {
    path: '/loans/applications/rejected',
    title: 'Rejected Applications',
    permissions: [...applications, P.viewRejectedApplications],
    menu: { group: APPLICATIONS, label: 'Rejected', order: 21 },
    firstCall: byStatus('rejected'),
    status: 'ready',
  },
  applicationsApproved: {
    path: '/loans/applications/approved',
    title: 'Approved Applications',
    // The spec's menu rule (closed) and what the list's data needs (approved).
    permissions: [...applications, P.viewClosedApplications, P.viewApprovedApplications],
    menu: { group: APPLICATIONS, label: 'Approved', order: 22 },
    firstCall: byStatus('approved'),
    status: 'ready',
  },
  applicationsClosed: {
    path: '/loans/applications/closed',
    title: 'Closed Applications',
    permissions: [...applications, P.viewClosedApplications],
    menu: { group: APPLICATIONS, label: 'Closed', order: 23 },
    firstCall: byStatus('closed'),
    status: 'ready',
  },
  contracts: {
    path: '/loans/applications/offer-letter',
    title: 'Contracts',
    permissions: [...applications, P.viewOfferLetter],
    menu: { group: APPLICATIONS, label: 'Contracts', order: 24 },
    firstCall: { path: `${API.offerLetters}/all` },
    status: 'ready',
  },
  contractDetails: {
    path: '/loans/applications/offer-letter/:id',
    title: 'Contract Details',
    permissions: [P.viewOfferLetter],
    status: 'ready',
  },
  applicationDetails: {
    path: '/loans/applications/:id',
    title: 'Application Details',
    permissions: [P.viewApplication],
    status: 'ready',
  },
  topupRequests: {
    path: '/loans/topup/requests',
    title: 'Top-up Requests',
    permissions: [...topups, P.viewRequestTopups],
    menu: { group: TOPUPS, label: 'Requests', order: 30 },
    firstCall: byStatus('request', API.topups),
    status: 'ready',
  },
  topupsRejected: {
    path: '/loans/topup/rejected',
    title: 'Rejected Top-ups',
    permissions: [...topups, P.viewRejectedTopups],
    menu: { group: TOPUPS, label: 'Rejected', order: 31 },
    firstCall: byStatus('rejected', API.topups),
    status: 'ready',
  },
  topupsApproved: {
    path: '/loans/topup/approved',
    title: 'Approved Top-ups',
    permissions: [...topups, P.viewApprovedTopups],
    menu: { group: TOPUPS, label: 'Approved', order: 32 },
    firstCall: byStatus('approved', API.topups),
    status: 'ready',
  },
  topupsClosed: {
    path: '/loans/topup/closed',
    title: 'Closed Top-ups',
    permissions: [...topups, P.viewClosedTopups],
    menu: { group: TOPUPS, label: 'Closed', order: 33 },
    firstCall: byStatus('closed', API.topups),
    status: 'ready',
  },
  topupDetails: {
    path: '/loans/topup/:id',
    title: 'Top-up Details',
    permissions: [P.viewTopup],
    status: 'ready',
  },
  disbursements: {
    path: '/transactions/disbursements',
    title: 'Disbursements',
    permissions: [...transactions, P.viewAllDisbursements],
    menu: { group: DISBURSEMENTS, label: 'View All', order: 40 },
    firstCall: { path: DISBURSEMENTS_PATHS.list },
    status: 'ready',
  },
  instantDisbursement: {
    path: '/transactions/disbursements/instant',
    title: 'Instant Disbursement',
    permissions: [...transactions, P.viewInstantDisbursements],
    menu: { group: DISBURSEMENTS, label: 'Instant', order: 41 },
    firstCall: { path: DISBURSEMENTS_PATHS.payable },
    status: 'ready',
  },
  autoDisbursement: {
    path: '/transactions/disbursements/auto',
    title: 'Automatic Disbursement',
    permissions: [...transactions, P.viewAutoDisburse],
    menu: { group: DISBURSEMENTS, label: 'Auto', order: 42 },
    firstCall: { path: DISBURSEMENTS_PATHS.autoRules },
    status: 'ready',
  },
  disbursementDetails: {
    path: '/transactions/disbursements/:id',
    title: 'Disbursement Details',
    permissions: [P.viewAllDisbursements],
    status: 'ready',
  },
  repayments: {
    path: '/transactions/repayments',
    title: 'Repayments',
    permissions: [...transactions, P.viewRepayments],
    // The spec's menu: Repayments (Add), one item under its own group.
    // It opens the add form directly (?add=1); the list is the page behind it.
    menu: { group: ['Transactions', 'Repayments'], label: 'Add', order: 43, query: 'add=1' },
    firstCall: { path: REPAYMENT_PATHS.list },
    status: 'ready',
  },
  communication: {
    path: '/communication',
    title: 'Communication',
    permissions: [P.viewCommunicationModule],
    menu: { group: [], label: 'Communication', order: 50 },
    firstCall: { path: COMMUNICATION_PATHS.list },
    status: 'ready',
  },
  messageDetails: {
    path: '/communication/:id',
    title: 'Message Details',
    permissions: [P.viewCommunicationModule],
    status: 'ready',
  },
  reports: {
    path: '/reports',
    title: 'Reports',
    permissions: [P.viewReportsModule],
    menu: { group: [], label: 'Reports', order: 60 },
    firstCall: { path: REPORTS_PATHS.closedUnsignedStatsByBranch },
    status: 'ready',
  },
  users: {
    path: '/users',
    title: 'Users',
    permissions: [P.viewUsersModule],
    menu: { group: [], label: 'Users', order: 70 },
    firstCall: { path: USER_PATHS.list },
    status: 'ready',
  },
  userDetails: {
    path: '/users/:id',
    title: 'User Details',
    permissions: [P.viewUsersModule],
    status: 'ready',
  },
  roles: {
    path: '/settings/roles',
    title: 'Roles',
    permissions: [P.viewSettingsModule, P.viewRoles],
    menu: { group: ['Settings'], label: 'Roles', order: 80 },
    firstCall: { path: `${API.roles}/all` },
    status: 'ready',
  },
  roleDetails: {
    path: '/settings/roles/:id',
    title: 'Role Details',
    permissions: [P.viewRoles],
    status: 'ready',
  },
  auditTrail: {
    // Not in the spec's routes (issue 16; NOTES.md "Users and roles"): under Settings.
    path: '/settings/audit',
    title: 'Audit Trail',
    permissions: [P.viewSettingsModule, P.viewUsersModule],
    menu: { group: ['Settings'], label: 'Audit trail', order: 81 },
    firstCall: { path: AUDIT_PATHS.list },
    status: 'ready',
  },
  branches: {
    // Not in the spec's routes (issue 16, NOTES.md "can edit settings"): under Settings.
    path: '/settings/branches',
    title: 'Branches',
    permissions: [P.viewSettingsModule, P.editSettings],
    menu: { group: ['Settings'], label: 'Branches', order: 82 },
    firstCall: { path: SETTINGS_PATHS.branches },
    status: 'ready',
  },
  loanProduct: {
    path: '/settings/loan-product',
    title: 'Loan Product',
    permissions: [P.viewSettingsModule, P.editSettings],
    menu: { group: ['Settings'], label: 'Loan product', order: 83 },
    firstCall: { path: SETTINGS_PATHS.loanProduct },
    status: 'ready',
  },
  loanProducts: {
    // NOTES.md "Loan products and loan accounts" (issue 26): products and their versions; the
    // single product of /settings/loan-product is the default one.
    path: '/settings/loan-products',
    title: 'Loan Products',
    permissions: [P.viewSettingsModule, P.editSettings],
    menu: { group: ['Settings'], label: 'Loan products', order: 84 },
    firstCall: { path: LOAN_PRODUCTS_PATHS.list },
    status: 'ready',
  },
  makerChecker: {
    // NOTES.md "Second pair of eyes": which actions need a second person (`can edit settings`).
    path: '/settings/maker-checker',
    title: 'Maker-Checker',
    permissions: [P.viewSettingsModule, P.editSettings],
    menu: { group: ['Settings'], label: 'Maker-checker', order: 85 },
    firstCall: { path: SETTINGS_PATHS.makerChecker },
    status: 'ready',
  },
  approvals: {
    // NOTES.md "Second pair of eyes": the checker inbox; the top bar shows its count.
    path: '/approvals',
    title: 'Approvals',
    permissions: [P.checkPendingActions],
    menu: { group: [], label: 'Approvals', order: 65 },
    firstCall: { path: APPROVALS_PATHS.count },
    status: 'ready',
  },
  approvalDetails: {
    // A checker's or the maker's own request (the api answers 404 for anyone else's).
    path: '/approvals/:id',
    title: 'Approval Request',
    permissions: [],
    status: 'ready',
  },
  profile: {
    path: '/profile',
    title: 'Profile',
    // Every signed-in user has one; it shows the session's own data.
    permissions: [],
    status: 'ready',
  },
  // Issue 32 "Clients": not in spec §2's routes.
  clients: {
    path: '/clients',
    title: 'Clients',
    permissions: [P.viewClients],
    menu: { group: [], label: 'Clients', order: 11 },
    firstCall: { path: CLIENTS_PATHS.list },
    status: 'ready',
  },
  clientDetails: {
    path: '/clients/:id',
    title: 'Client Details',
    permissions: [P.viewClients],
    status: 'ready',
  },
  // Issue 29 "Collecting money" (NOTES.md): not in spec §2's routes; under Transactions.
  suspense: {
    path: '/transactions/suspense',
    title: 'Suspense',
    permissions: [...transactions, P.manageSuspense],
    menu: { group: ['Transactions'], label: 'Suspense', order: 44 },
    firstCall: { path: COLLECTIONS_PATHS.suspense },
    status: 'ready',
  },
  accounting: {
    // Issue 27 / NOTES.md "Accounting": the chart of accounts (`can view accounting`; editing needs
    // `can edit accounting`). The spec has no such screen: libs/accounting/server/README.md "Screens".
    path: '/accounting/accounts',
    title: 'Chart of Accounts',
    permissions: [P.viewAccounting],
    menu: { group: ['Accounting'], label: 'Chart of accounts', order: 90 },
    firstCall: { path: ACCOUNTING_PATHS.list },
    status: 'ready',
  },
} as const satisfies Record<string, ScreenSpec>;

export type ScreenKey = keyof typeof SCREENS;

/** The catalog as a list, in menu order where it matters. */
export const SCREEN_CATALOG: readonly ScreenSpec[] = Object.values(SCREENS);
