import { use, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { apiReady } from '@loan/shared-data-access-api';
import type { AppDispatch } from './store';

/**
 * Shows its children once the store has the api slice (store.ts adds it lazily): suspends
 * until then, under the route's Suspense fallback. Wraps every screen that talks to the api.
 */
export function ApiReady({ children }: { children: ReactNode }) {
  const dispatch = useDispatch<AppDispatch>();
  use(dispatch(apiReady()));
  return children;
}
