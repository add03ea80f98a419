import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore } from 'redux-persist';
import { api, toastMiddleware } from '@loan/shared-data-access-api';
import { permissionsReducer } from '@loan/shared-permissions';
import { createExpiringStorage, createSessionListener, PERSIST_KEY, preferencesReducer, sessionReducer } from '@loan/shared-session';
import { activityReducer } from './activity-slice';

export const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionReducer,
  permissions: permissionsReducer,
  preferences: preferencesReducer,
  activity: activityReducer,
});
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
 * sessionStorage with an expiry; the api cache never persists.
 */
export function createPortalStore(options: StoreOptions = {}) {
  const persisted = persistReducer(
    { key: PERSIST_KEY, storage: options.storage ?? createExpiringStorage(), whitelist: ['session', 'permissions'] },
    rootReducer,
  );
  const listener = createSessionListener({ onExpired: options.onExpired });
  const store = configureStore({
    reducer: persisted,
    middleware: (gDM) =>
      gDM({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } })
        .prepend(listener.middleware)
        .concat(api.middleware)
        .concat(toastMiddleware),
  });
  const persistor = persistStore(store);
  return { store, persistor };
}

export type PortalStore = ReturnType<typeof createPortalStore>['store'];
export type Persistor = ReturnType<typeof createPortalStore>['persistor'];
export type AppDispatch = PortalStore['dispatch'];
