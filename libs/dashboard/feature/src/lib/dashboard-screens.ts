import { lazy } from 'react';
import type { ScreenDescriptor } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';

/** The dashboard domain's screens; the page loads on first visit, not with the portal. */
export const dashboardScreens: readonly ScreenDescriptor[] = [
  { ...SCREENS.dashboard, element: lazy(() => import('./dashboard-page')) },
];
