import { createListenerMiddleware, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { api, permissionsChanged, resetPermissionsVersion, sessionExpired } from '@loan/shared-data-access-api';
import { sessionApi } from './session-api';
import { clearSessionStorage } from './expiring-storage';
import { darkModeChosen, preferencesReloaded, styleChosen } from './preferences-slice';
import { signedIn, signedOut, userRefreshed } from './session-slice';
import { AUTHENTICATED_FLAG, browserStorage, LS_AUTH, LS_DARK_MODE, LS_STYLE, PERSIST_STORAGE_KEY } from './storage-keys';

export interface SessionListenerOptions {
  /** Called after a 401 cleared the session (the shell navigates to /login). */
  onExpired?: () => void;
}

/**
 * The storage side of the session: mirrors sign-in into the session-storage flag and
 * the local auth entry, forgets them on sign-out, writes preferences to localStorage,
 * and applies the 401 rule of spec §8 (remove the auth entry, clear local storage).
 */
export function createSessionListener(options: SessionListenerOptions = {}) {
  const listener = createListenerMiddleware();

  listener.startListening({
    actionCreator: signedIn,
    effect: (action, { dispatch }) => {
      // A new sign-in starts a new 3-hour persisted session.
      browserStorage.session.remove(PERSIST_STORAGE_KEY);
      browserStorage.session.set(AUTHENTICATED_FLAG, 'true');
      browserStorage.local.set(LS_AUTH, JSON.stringify(action.payload));
      resetPermissionsVersion();
      // A new user never sees what the previous one had cached.
      (dispatch as ThunkDispatch<unknown, unknown, UnknownAction>)(api.util.resetApiState());
    },
  });

  listener.startListening({
    actionCreator: signedOut,
    effect: (_action, { dispatch }) => {
      clearSessionStorage();
      (dispatch as ThunkDispatch<unknown, unknown, UnknownAction>)(api.util.resetApiState());
    },
  });

  listener.startListening({
    actionCreator: sessionExpired,
    effect: (_action, { dispatch }) => {
      browserStorage.local.remove(LS_AUTH);
      browserStorage.local.clear();
      clearSessionStorage();
      dispatch(preferencesReloaded());
      options.onExpired?.();
    },
  });

  // An admin changed this user's role or its permissions (the api's fingerprint moved):
  // reload who they are (their role may be another one now) and their role's permissions.
  listener.startListening({
    actionCreator: permissionsChanged,
    effect: async (_action, { dispatch }) => {
      const d = dispatch as ThunkDispatch<unknown, unknown, UnknownAction>;
      const res = await d(sessionApi.endpoints.currentUser.initiate(undefined, { forceRefetch: true, subscribe: false }));
      if (res.data) {
        d(userRefreshed(res.data));
        browserStorage.local.set(LS_AUTH, JSON.stringify(res.data));
      }
      d(api.util.invalidateTags(['Role']));
    },
  });

  listener.startListening({
    actionCreator: styleChosen,
    effect: (action) => browserStorage.local.set(LS_STYLE, action.payload),
  });
  listener.startListening({
    actionCreator: darkModeChosen,
    effect: (action) => browserStorage.local.set(LS_DARK_MODE, action.payload ? '1' : '0'),
  });

  return listener;
}
