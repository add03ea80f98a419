import { P, type PermissionName } from '@loan/shared-contract';
import type { MenuItem } from '@loan/shared-ui';

/** A side-menu entry with the permission that shows it (NOTES.md "Side menu gating"). */
export interface GatedMenuItem extends Omit<MenuItem, 'children'> {
  permission?: PermissionName;
  children?: GatedMenuItem[];
}

/**
 * The side menu of spec §2 with the gating of NOTES.md. A group without a permission of
 * its own shows when one of its children does.
 */
export const MENU: GatedMenuItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: 'dashboard', permission: P.viewDashboard },
  {
    label: 'Loans',
    icon: 'loans',
    permission: P.viewLoanModule,
    children: [
      {
        label: 'Applications',
        permission: P.viewLoanApplications,
        children: [
          { label: 'Requests', to: '/loans/applications/requests', permission: P.viewRequestApplications },
          { label: 'Rejected', to: '/loans/applications/rejected', permission: P.viewRejectedApplications },
          // The spec's rule: the closed-applications permission gates Approved and Closed.
          { label: 'Approved', to: '/loans/applications/approved', permission: P.viewClosedApplications },
          { label: 'Closed', to: '/loans/applications/closed', permission: P.viewClosedApplications },
          { label: 'Contracts', to: '/loans/applications/offer-letter', permission: P.viewOfferLetter },
        ],
      },
      {
        key: 'topups',
        label: 'Top-ups',
        permission: P.viewLoanTopups,
        children: [
          { label: 'Requests', to: '/loans/topup/requests', permission: P.viewRequestTopups },
          { label: 'Rejected', to: '/loans/topup/rejected', permission: P.viewRejectedTopups },
          { label: 'Closed', to: '/loans/topup/closed', permission: P.viewClosedTopups },
        ],
      },
    ],
  },
  {
    label: 'Transactions',
    icon: 'transactions',
    permission: P.viewTransactionModule,
    children: [
      {
        label: 'Disbursements',
        children: [
          { label: 'View All', to: '/transactions/disbursements', permission: P.viewAllDisbursements },
          { label: 'Instant', to: '/transactions/disbursements/instant', permission: P.viewInstantDisbursements },
          { label: 'Auto', to: '/transactions/disbursements/auto', permission: P.viewAutoDisburse },
        ],
      },
      {
        label: 'Repayments',
        permission: P.viewRepayments,
        children: [{ key: 'repayments-add', label: 'Add', to: '/transactions/repayments' }],
      },
    ],
  },
  { label: 'Communication', to: '/communication', icon: 'message', permission: P.viewCommunicationModule },
  { label: 'Reports', to: '/reports', icon: 'reports', permission: P.viewReportsModule },
  { label: 'Users', to: '/users', icon: 'users', permission: P.viewUsersModule },
  {
    label: 'Settings',
    icon: 'settings',
    permission: P.viewSettingsModule,
    children: [{ label: 'Roles', to: '/settings/roles', permission: P.viewRoles }],
  },
];

/** The entries the user may see: permitted ones, and groups left with at least one child. */
export function visibleMenu(items: GatedMenuItem[], has: (p: PermissionName) => boolean): MenuItem[] {
  const out: MenuItem[] = [];
  for (const { permission, children, ...rest } of items) {
    if (permission && !has(permission)) continue;
    if (children) {
      const kids = visibleMenu(children, has);
      if (kids.length === 0) continue;
      out.push({ ...rest, children: kids });
    } else {
      out.push(rest);
    }
  }
  return out;
}
