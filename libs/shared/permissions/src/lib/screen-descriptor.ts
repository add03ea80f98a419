import type { ComponentType } from 'react';
import type { ScreenSpec } from '@loan/shared-screens';

/**
 * A screen a feature lib provides: its catalog entry plus the component to show, loaded
 * lazily inside the feature (`lazy(() => import('./lib/x-page'))`) so importing the
 * descriptor costs the portal's first load nothing.
 */
export interface ScreenDescriptor extends ScreenSpec {
  element: ComponentType;
}
