import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';

/**
 * The thunk extra argument of a store that adds the api slice (its reducer and middleware)
 * after it was created: the portal does, so that its sign-in page loads without RTK Query.
 * `ensureApi` adds it (once) and always returns the same promise.
 */
export interface LazyApiExtra {
  ensureApi?: () => Promise<void>;
}

const READY = Promise.resolve();

/**
 * `dispatch(apiReady())`: a promise that resolves once the store has the api slice; a store
 * built with it (the borrower app, every test store) resolves at once. The promise is the
 * same object on every call, so a component may suspend on it with React's `use`.
 */
export const apiReady =
  (): ThunkAction<Promise<void>, unknown, unknown, UnknownAction> =>
  (_dispatch, _getState, extra) =>
    (extra as LazyApiExtra | undefined)?.ensureApi?.() ?? READY;
