import { combineSlices, configureStore, createDynamicMiddleware, type Middleware, type WithSlice } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore } from 'redux-persist';
// Types only: the api slice itself (RTK Query) is added after the first screen shows (api-attach.ts).
import type { api, LazyApiExtra } from '@loan/shared-data-access-api';
import { permissionsSlice } from '@loan/shared-permissions';
import { createExpiringStorage, createSessionStorageListener, PERSIST_KEY, preferencesSlice, sessionSlice } from '@loan/shared-session';
import { activitySlice } from './activity-slice';

/**
 * The portal's reducer: session, permissions, preferences and activity from the start; the api
 * slice joins it (inject) when the first screen that talks to the api loads, so the sign-in
 * page's JavaScript carries no RTK Query (bundle budget, tools/bundle-report).
 */
export const rootReducer = combineSlices(sessionSlice, permissionsSlice, preferencesSlice, activitySlice).withLazyLoadedSlices<
  WithSlice<typeof api>
>();
export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  /** Called after a 401 ended the session (the shell navigates to /login). */
  onExpired?: () => void;
  /** Storage for the persisted session; sessionStorage with the 3-hour expiry by default. */
  storage?: ReturnType<typeof createExpiringStorage>;
}

/**
 * The portal's store (ARCHITECTURE.md "Data flow"): the api slice, session, permissions,
 * preferences and activity. Only session and role-permission state persist, in
 * sessionStorage with an expiry; the api cache never persists. The api slice (reducer,
 * middleware, toasts, the session's effects on its cache) is added by `ensureApi`, which
 * `dispatch(apiReady())` calls: the screens that need it wait for it (api-ready.tsx), and
 * main.tsx starts it as soon as the first screen has shown.
 */
export function createPortalStore(options: StoreOptions = {}) {
  const persisted = persistReducer(
    { key: PERSIST_KEY, storage: options.storage ?? createExpiringStorage(), whitelist: ['session', 'permissions'] },
    rootReducer,
  );
  const listener = createSessionStorageListener({ onExpired: options.onExpired });
  const dynamic = createDynamicMiddleware();
  let attaching: Promise<void> | undefined;
  const extra: LazyApiExtra = {
    ensureApi: () =>
      (attaching ??= import('./api-attach').then((m) =>
        m.attachApi({
          inject: (slice) => rootReducer.inject(slice),
          addMiddleware: (...mw: Middleware[]) => dynamic.addMiddleware(...mw),
          listener,
          dispatch: (action) => store.dispatch(action),
        }),
      )),
  };
  const store = configureStore({
    reducer: persisted,
    middleware: (gDM) =>
      gDM({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
        thunk: { extraArgument: extra },
      })
        .prepend(listener.middleware)
        .concat(dynamic.middleware),
  });
  const persistor = persistStore(store);
  return { store, persistor };
}

export type PortalStore = ReturnType<typeof createPortalStore>['store'];
export type Persistor = ReturnType<typeof createPortalStore>['persistor'];
export type AppDispatch = PortalStore['dispatch'];
