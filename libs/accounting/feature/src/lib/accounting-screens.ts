import { lazy } from 'react';
import type { ScreenDescriptor } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';

/** The accounting domain's screens (their catalog entries plus the lazy page). */
export const accountingScreens: readonly ScreenDescriptor[] = [
  { ...SCREENS.accounting, element: lazy(() => import('./accounting-list-page')) },
];
