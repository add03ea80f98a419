import { ALL_PERMISSIONS, P, PERMISSION_GROUPS, type PermissionName } from '@loan/shared-contract';

/**
 * The demo roles of the seed (libs/shared/server/src/seed/accounts.ts, DEMO_ROLES), as the
 * workbench's "Role" toolbar offers them: a team sees its screen as an officer or a viewer
 * would. Written out here because a web project may not import the server lib; keep the two
 * in step.
 */
export const WORKBENCH_ROLES = {
  admin: { title: 'Administrator', permissions: ALL_PERMISSIONS },
  officer: {
    title: 'Loan Officer',
    permissions: [P.viewDashboard, P.viewAllBranches, ...PERMISSION_GROUPS.Loans, ...PERMISSION_GROUPS.Communication],
  },
  finance: {
    title: 'Finance',
    permissions: [P.viewDashboard, P.viewAllBranches, ...PERMISSION_GROUPS.Transactions, ...PERMISSION_GROUPS.Reports],
  },
  viewer: { title: 'Viewer', permissions: [P.viewDashboard] },
  none: { title: 'No permission', permissions: [] },
} satisfies Record<string, { title: string; permissions: readonly PermissionName[] }>;

export type WorkbenchRole = keyof typeof WORKBENCH_ROLES;
