import { lazy } from 'react';
import type { ScreenDescriptor } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';

/** The reports domain's screens (their catalog entries plus the lazy page). */
export const reportsScreens: readonly ScreenDescriptor[] = [
  { ...SCREENS.reports, element: lazy(() => import('./reports-page')) },
];
