import { ALL_PERMISSIONS, P, type PermissionName } from '@loan/shared-contract';
import type { MenuItem } from '@loan/shared-ui';
import { MENU, visibleMenu } from './menu';

/** The menu as "Group > Sub > Item" lines. */
function flatten(items: MenuItem[], prefix = ''): string[] {
  return items.flatMap((i) => {
    const name = `${prefix}${i.label}`;
    return i.children ? flatten(i.children, `${name} > `) : [`${name}${i.to ? ` ${i.to}` : ''}`];
  });
}
const menuFor = (names: readonly PermissionName[]) => flatten(visibleMenu(MENU, (p) => names.includes(p)));

it('shows every entry to a role holding every permission', () => {
  expect(menuFor(ALL_PERMISSIONS)).toEqual([
    'Dashboard /dashboard',
    'Loans > Applications > Requests /loans/applications/requests',
    'Loans > Applications > Rejected /loans/applications/rejected',
    'Loans > Applications > Approved /loans/applications/approved',
    'Loans > Applications > Closed /loans/applications/closed',
    'Loans > Applications > Contracts /loans/applications/offer-letter',
    'Loans > Top-ups > Requests /loans/topup/requests',
    'Loans > Top-ups > Rejected /loans/topup/rejected',
    'Loans > Top-ups > Closed /loans/topup/closed',
    'Transactions > Disbursements > View All /transactions/disbursements',
    'Transactions > Disbursements > Instant /transactions/disbursements/instant',
    'Transactions > Disbursements > Auto /transactions/disbursements/auto',
    'Transactions > Repayments > Add /transactions/repayments',
    'Communication /communication',
    'Reports /reports',
    'Users /users',
    'Settings > Roles /settings/roles',
  ]);
});

it('shows only the dashboard to a viewer', () => {
  expect(menuFor([P.viewDashboard])).toEqual(['Dashboard /dashboard']);
});

it('shows nothing without permissions', () => {
  expect(menuFor([])).toEqual([]);
});

it('gates Approved and Closed by the closed-applications permission (the spec rule)', () => {
  const base = [P.viewLoanModule, P.viewLoanApplications];
  expect(menuFor([...base, P.viewApprovedApplications])).toEqual([]);
  expect(menuFor([...base, P.viewClosedApplications])).toEqual([
    'Loans > Applications > Approved /loans/applications/approved',
    'Loans > Applications > Closed /loans/applications/closed',
  ]);
  expect(menuFor([...base, P.viewRequestApplications, P.viewRejectedApplications, P.viewOfferLetter])).toEqual([
    'Loans > Applications > Requests /loans/applications/requests',
    'Loans > Applications > Rejected /loans/applications/rejected',
    'Loans > Applications > Contracts /loans/applications/offer-letter',
  ]);
});

it('hides a whole module without its module permission, even with the item permissions', () => {
  expect(menuFor([P.viewLoanApplications, P.viewRequestApplications])).toEqual([]);
  expect(menuFor([P.viewAllDisbursements, P.viewRepayments])).toEqual([]);
  expect(menuFor([P.viewRoles])).toEqual([]);
  expect(menuFor([P.viewSettingsModule])).toEqual([]);
  expect(menuFor([P.viewSettingsModule, P.viewRoles])).toEqual(['Settings > Roles /settings/roles']);
});

it('gates the transaction entries one by one', () => {
  expect(menuFor([P.viewTransactionModule, P.viewInstantDisbursements])).toEqual([
    'Transactions > Disbursements > Instant /transactions/disbursements/instant',
  ]);
  expect(menuFor([P.viewTransactionModule, P.viewAutoDisburse, P.viewRepayments])).toEqual([
    'Transactions > Disbursements > Auto /transactions/disbursements/auto',
    'Transactions > Repayments > Add /transactions/repayments',
  ]);
});

it('matches the demo officer and finance roles', () => {
  const officer: PermissionName[] = [
    P.viewDashboard,
    P.viewLoanModule,
    P.viewLoanApplications,
    P.viewRequestApplications,
    P.viewRejectedApplications,
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
