import { lazy } from 'react';
import type { ScreenDescriptor } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';

/** The transactions domain's screens (their catalog entries plus the lazy page): disbursements, then repayments. */
export const transactionsScreens: readonly ScreenDescriptor[] = [
  { ...SCREENS.disbursements, element: lazy(() => import('./disbursements/disbursements-list-page')) },
  { ...SCREENS.instantDisbursement, element: lazy(() => import('./disbursements/instant-disbursement-page')) },
  { ...SCREENS.autoDisbursement, element: lazy(() => import('./disbursements/auto-disbursement-page')) },
  { ...SCREENS.disbursementDetails, element: lazy(() => import('./disbursements/disbursement-details-page')) },
  { ...SCREENS.repayments, element: lazy(() => import('./repayments/repayments-page')) },
  { ...SCREENS.suspense, element: lazy(() => import('./suspense/suspense-page')) },
];
