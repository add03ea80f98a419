import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { api, toastMiddleware } from '@loan/shared-data-access-api';
import { startSessionApiListeners, type SessionListener } from '@loan/shared-session';

export interface ApiTarget {
  inject: (slice: typeof api) => unknown;
  addMiddleware: (...middleware: Middleware[]) => unknown;
  listener: SessionListener;
  dispatch: (action: UnknownAction) => unknown;
}

/**
 * Adds the api slice to the portal's store (store.ts `ensureApi`, once): its reducer, its
 * middleware and the toast middleware, and the session's effects on the api cache. Its own
 * chunk, loaded after the sign-in page shows, so that page's JavaScript carries no RTK Query.
 */
export function attachApi(target: ApiTarget): void {
  target.inject(api);
  target.addMiddleware(api.middleware, toastMiddleware);
  startSessionApiListeners(target.listener);
  // The reducer's state gains its `api` key before the first request is dispatched.
  target.dispatch({ type: 'portal/apiAttached' });
}
