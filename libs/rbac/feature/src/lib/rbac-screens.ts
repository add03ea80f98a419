import { lazy } from 'react';
import type { ScreenDescriptor } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';

/** Administration screens (issue 16): users, roles and the audit trail (their catalog entries plus the lazy pages). */
export const rbacScreens: readonly ScreenDescriptor[] = [
  { ...SCREENS.users, element: lazy(() => import('./users-list-page')) },
  { ...SCREENS.userDetails, element: lazy(() => import('./user-details-page')) },
  { ...SCREENS.roles, element: lazy(() => import('./roles-list-page')) },
  { ...SCREENS.roleDetails, element: lazy(() => import('./role-details-page')) },
  { ...SCREENS.auditTrail, element: lazy(() => import('./audit-trail-page')) },
  { ...SCREENS.branches, element: lazy(() => import('./branches-page')) },
  { ...SCREENS.loanProduct, element: lazy(() => import('./loan-product-page')) },
  { ...SCREENS.loanProducts, element: lazy(() => import('./loan-products-page')) },
  { ...SCREENS.makerChecker, element: lazy(() => import('./maker-checker-page')) },
  { ...SCREENS.approvals, element: lazy(() => import('./approvals-page')) },
  { ...SCREENS.approvalDetails, element: lazy(() => import('./approval-details-page')) },
];
