import { lazy } from 'react';
import type { ScreenDescriptor } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';

/** The clients domain's screens (their catalog entries plus the lazy page). */
export const clientsScreens: readonly ScreenDescriptor[] = [
  { ...SCREENS.clients, element: lazy(() => import('./clients-list-page')) },
  {
    ...SCREENS.clientDetails,
    element: lazy(() => import('./client-details-page')),
  },
];
