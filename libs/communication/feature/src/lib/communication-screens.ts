import { lazy } from 'react';
import type { ScreenDescriptor } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';

/** The communication domain's screens (their catalog entries plus the lazy page). */
export const communicationScreens: readonly ScreenDescriptor[] = [
  { ...SCREENS.communication, element: lazy(() => import('./communication-list-page')) },
  { ...SCREENS.messageDetails, element: lazy(() => import('./message-details-page')) },
];
