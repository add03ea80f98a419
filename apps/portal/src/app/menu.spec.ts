import { ALL_PERMISSIONS, P, type PermissionName } from '@loan/shared-contract';
import { SCREEN_CATALOG } from '@loan/shared-screens';
import type { MenuItem } from '@loan/shared-ui';
import { screenMenu, settingsHref } from './menu';
import { SCREEN_REGISTRY } from './screens';

/** The menu as "Group > Sub > Item /path" lines. */
function flatten(items: MenuItem[], prefix = ''): string[] {
  return items.flatMap((i) => {
    const name = `${prefix}${i.label}`;
    return i.children ? flatten(i.children, `${name} > `) : [`${name}${i.to ? ` ${i.to}` : ''}`];
  });
}

/** Every catalog screen as if built: the gating of NOTES.md, before the screens exist. */
const ALL_BUILT = SCREEN_CATALOG.map((s) => ({ ...s, status: 'ready' as const }));
const menuFor = (names: readonly PermissionName[]) => flatten(screenMenu(ALL_BUILT, (p) => names.includes(p)));

describe('the menu of the registry as it is today', () => {
  it('shows only built screens: planned ones stay hidden, even from a role holding everything', () => {
    const applicationLists = [
      'Loans > Applications > Requests /loans/applications/requests',
      'Loans > Applications > Rejected /loans/applications/rejected',
      'Loans > Applications > Approved /loans/applications/approved',
      'Loans > Applications > Closed /loans/applications/closed',
      'Loans > Applications > Contracts /loans/applications/offer-letter',
    ];
    const topupLists = [
      'Loans > Top-ups > Requests /loans/topup/requests',
      'Loans > Top-ups > Rejected /loans/topup/rejected',
      'Loans > Top-ups > Approved /loans/topup/approved',
      'Loans > Top-ups > Closed /loans/topup/closed',
    ];
    // Each domain's ready menu entries, in menu order after the loans group.
    const transactions = [
      'Transactions > Disbursements > View All /transactions/disbursements',
      'Transactions > Disbursements > Instant /transactions/disbursements/instant',
      'Transactions > Disbursements > Auto /transactions/disbursements/auto',
      'Transactions > Repayments > Add /transactions/repayments?add=1',
      'Transactions > Suspense /transactions/suspense',
    ];
    const communication = ['Communication /communication'];
    const reports = ['Reports /reports'];
    const approvals = ['Approvals /approvals'];
    const admin = [
      'Users /users',
      'Settings > Roles /settings/roles',
      'Settings > Audit trail /settings/audit',
      'Settings > Branches /settings/branches',
      'Settings > Loan product /settings/loan-product',
      'Settings > Loan products /settings/loan-products',
      'Settings > Maker-checker /settings/maker-checker',
    ];
    const accounting = ['Accounting > Chart of accounts /accounting/accounts'];
    const afterLoans = [...transactions, ...communication, ...reports, ...approvals, ...admin, ...accounting];
    expect(flatten(screenMenu(SCREEN_REGISTRY, () => true))).toEqual(['Dashboard /dashboard', 'Clients /clients', ...applicationLists, ...topupLists, ...afterLoans]);
    expect(flatten(screenMenu(SCREEN_REGISTRY, (p) => p !== P.viewDashboard))).toEqual(['Clients /clients', ...applicationLists, ...topupLists, ...afterLoans]);
    expect(flatten(screenMenu(SCREEN_REGISTRY, (p) => p !== P.viewDashboard && p !== P.viewLoanTopups))).toEqual(['Clients /clients', ...applicationLists, ...afterLoans]);
    expect(flatten(screenMenu(SCREEN_REGISTRY, (p) => p !== P.viewDashboard && p !== P.viewLoanModule))).toEqual(['Clients /clients', ...afterLoans]);
    const noModules = new Set<string>([
      P.viewDashboard,
      P.viewLoanModule,
      P.viewTransactionModule,
      P.viewCommunicationModule,
      P.viewReportsModule,
      P.viewUsersModule,
      P.viewSettingsModule,
      P.checkPendingActions,
      P.viewClients,
      P.viewAccounting,
    ]);
    expect(flatten(screenMenu(SCREEN_REGISTRY, (p) => !noModules.has(p)))).toEqual([]);
  });

  it('puts an icon on each top-level entry', () => {
    const top = screenMenu(ALL_BUILT, () => true);
    expect(top.map((i) => [i.label, i.icon])).toEqual([
      ['Dashboard', 'dashboard'],
      ['Clients', 'user'],
      ['Loans', 'loans'],
      ['Transactions', 'transactions'],
      ['Communication', 'message'],
      ['Reports', 'reports'],
      ['Approvals', 'check'],
      ['Users', 'users'],
      ['Settings', 'settings'],
      ['Accounting', 'money'],
    ]);
  });
});

describe('the gating of NOTES.md, every screen built', () => {
  it('shows every entry to a role holding every permission', () => {
    expect(menuFor(ALL_PERMISSIONS)).toEqual([
      'Dashboard /dashboard',
      'Clients /clients',
      'Loans > Applications > Requests /loans/applications/requests',
      'Loans > Applications > Rejected /loans/applications/rejected',
      'Loans > Applications > Approved /loans/applications/approved',
      'Loans > Applications > Closed /loans/applications/closed',
      'Loans > Applications > Contracts /loans/applications/offer-letter',
      'Loans > Top-ups > Requests /loans/topup/requests',
      'Loans > Top-ups > Rejected /loans/topup/rejected',
      'Loans > Top-ups > Approved /loans/topup/approved',
      'Loans > Top-ups > Closed /loans/topup/closed',
      'Transactions > Disbursements > View All /transactions/disbursements',
      'Transactions > Disbursements > Instant /transactions/disbursements/instant',
      'Transactions > Disbursements > Auto /transactions/disbursements/auto',
      'Transactions > Repayments > Add /transactions/repayments?add=1',
      'Transactions > Suspense /transactions/suspense',
      'Communication /communication',
      'Reports /reports',
      'Approvals /approvals',
      'Users /users',
      'Settings > Roles /settings/roles',
      'Settings > Audit trail /settings/audit',
      'Settings > Branches /settings/branches',
      'Settings > Loan product /settings/loan-product',
      'Settings > Loan products /settings/loan-products',
      'Settings > Maker-checker /settings/maker-checker',
      'Accounting > Chart of accounts /accounting/accounts',
    ]);
  });

  it('shows only the dashboard to a viewer, and nothing without permissions', () => {
    expect(menuFor([P.viewDashboard])).toEqual(['Dashboard /dashboard']);
    expect(menuFor([])).toEqual([]);
  });

  it('shows Approved only with the closed-applications AND the approved-applications permission', () => {
    const base = [P.viewLoanModule, P.viewLoanApplications];
    expect(menuFor([...base, P.viewApprovedApplications])).toEqual([]);
    expect(menuFor([...base, P.viewClosedApplications])).toEqual(['Loans > Applications > Closed /loans/applications/closed']);
    expect(menuFor([...base, P.viewClosedApplications, P.viewApprovedApplications])).toEqual([
      'Loans > Applications > Approved /loans/applications/approved',
      'Loans > Applications > Closed /loans/applications/closed',
    ]);
    expect(menuFor([...base, P.viewRequestApplications, P.viewRejectedApplications, P.viewOfferLetter])).toEqual([
      'Loans > Applications > Requests /loans/applications/requests',
      'Loans > Applications > Rejected /loans/applications/rejected',
      'Loans > Applications > Contracts /loans/applications/offer-letter',
    ]);
  });

  it('needs the group permissions too: Requests needs the loan module, loan applications and request applications', () => {
    const requests = [P.viewLoanModule, P.viewLoanApplications, P.viewRequestApplications];
    expect(menuFor(requests)).toEqual(['Loans > Applications > Requests /loans/applications/requests']);
    for (const missing of requests) expect(menuFor(requests.filter((p) => p !== missing))).toEqual([]);
  });

  it('hides a whole module without its module permission, even with the item permissions', () => {
    expect(menuFor([P.viewLoanApplications, P.viewRequestApplications])).toEqual([]);
    expect(menuFor([P.viewAllDisbursements, P.viewRepayments])).toEqual([]);
    expect(menuFor([P.viewRoles])).toEqual([]);
    expect(menuFor([P.viewSettingsModule])).toEqual([]);
    expect(menuFor([P.viewSettingsModule, P.viewRoles])).toEqual(['Settings > Roles /settings/roles']);
  });

  it('gates the top-up and transaction entries one by one', () => {
    expect(menuFor([P.viewLoanModule, P.viewLoanTopups, P.viewApprovedTopups])).toEqual(['Loans > Top-ups > Approved /loans/topup/approved']);
    expect(menuFor([P.viewTransactionModule, P.viewInstantDisbursements])).toEqual([
      'Transactions > Disbursements > Instant /transactions/disbursements/instant',
    ]);
    expect(menuFor([P.viewTransactionModule, P.viewAutoDisburse, P.viewRepayments])).toEqual([
      'Transactions > Disbursements > Auto /transactions/disbursements/auto',
      'Transactions > Repayments > Add /transactions/repayments?add=1',
    ]);
  });

  it('matches the demo officer and finance roles', () => {
    const officer: PermissionName[] = [
      P.viewDashboard,
      P.viewLoanModule,
      P.viewLoanApplications,
      P.viewRequestApplications,
      P.viewRejectedApplications,
      P.viewApprovedApplications,
      P.viewClosedApplications,
      P.viewOfferLetter,
      P.viewCommunicationModule,
    ];
    expect(menuFor(officer)).toEqual([
      'Dashboard /dashboard',
      'Loans > Applications > Requests /loans/applications/requests',
      'Loans > Applications > Rejected /loans/applications/rejected',
      'Loans > Applications > Approved /loans/applications/approved',
      'Loans > Applications > Closed /loans/applications/closed',
      'Loans > Applications > Contracts /loans/applications/offer-letter',
      'Communication /communication',
    ]);
    expect(menuFor([P.viewDashboard, P.viewTransactionModule, P.viewAllDisbursements, P.viewReportsModule])).toEqual([
      'Dashboard /dashboard',
      'Transactions > Disbursements > View All /transactions/disbursements',
      'Reports /reports',
    ]);
  });
});

describe('the top bar\'s Settings', () => {
  const settingsFor = (names: readonly PermissionName[]) => settingsHref(screenMenu(SCREEN_REGISTRY, (p) => names.includes(p)));
  it('leads to the first settings screen the role may open, else to the profile (undefined: the top bar\'s default)', () => {
    expect(settingsFor(ALL_PERMISSIONS)).toBe('/settings/roles');
    expect(settingsFor([P.viewSettingsModule, P.editSettings])).toBe('/settings/branches');
    expect(settingsFor([P.viewSettingsModule, P.viewUsersModule])).toBe('/settings/audit');
    expect(settingsFor([P.viewSettingsModule])).toBeUndefined();
    expect(settingsFor([P.viewDashboard])).toBeUndefined();
  });
});
