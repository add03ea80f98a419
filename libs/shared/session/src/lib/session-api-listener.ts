import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api, permissionsChanged, resetPermissionsVersion } from '@loan/shared-data-access-api';
import { sessionApi } from './session-api';
import { createSessionStorageListener, type SessionListener, type SessionListenerOptions } from './session-listener';
import { signedIn, signedOut, userRefreshed } from './session-slice';
import { browserStorage, LS_AUTH } from './storage-keys';

/**
 * The session's effects on the api slice, added to a session listener once the store has the
 * api slice: a new user never sees what the previous one had cached, and a changed role
 * (the api's permissions fingerprint moved) reloads who the user is and their permissions.
 */
export function startSessionApiListeners(listener: SessionListener): void {
  listener.startListening({
    actionCreator: signedIn,
    effect: (_action, { dispatch }) => {
      resetPermissionsVersion();
      (dispatch as ThunkDispatch<unknown, unknown, UnknownAction>)(api.util.resetApiState());
    },
  });

  listener.startListening({
    actionCreator: signedOut,
    effect: (_action, { dispatch }) => {
      (dispatch as ThunkDispatch<unknown, unknown, UnknownAction>)(api.util.resetApiState());
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
}

/** The whole session listener, for a store that has the api slice from the start. */
export function createSessionListener(options: SessionListenerOptions = {}): SessionListener {
  const listener = createSessionStorageListener(options);
  startSessionApiListeners(listener);
  return listener;
}
