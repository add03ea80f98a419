import { lazy } from 'react';
import type { FeatureSlots } from '@loan/shared-permissions';

/** What the communication feature lends other screens (wired by the portal shell; loaded when first shown). */
export const communicationSlots: FeatureSlots = {
  composeMessage: lazy(() => import('./compose-message-slot')),
};
