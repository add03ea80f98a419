import { createListenerMiddleware } from '@reduxjs/toolkit';
import { sessionExpired } from '@loan/shared-data-access-api';
import { clearSessionStorage } from './expiring-storage';
import { darkModeChosen, preferencesReloaded, styleChosen } from './preferences-slice';
import { signedIn, signedOut } from './session-slice';
import { AUTHENTICATED_FLAG, browserStorage, LS_AUTH, LS_DARK_MODE, LS_STYLE, PERSIST_STORAGE_KEY } from './storage-keys';

export interface SessionListenerOptions {
  /** Called after a 401 cleared the session (the shell navigates to /login). */
  onExpired?: () => void;
}

/**
 * The storage side of the session: mirrors sign-in into the session-storage flag and
 * the local auth entry, forgets them on sign-out, writes preferences to localStorage,
 * and applies the 401 rule of spec §8 (remove the auth entry, clear local storage).
 * Nothing here needs the api slice, so a store can have it from the first load and add the
 * api slice later (the portal does, after the sign-in page shows): its effects on the api
 * cache are startSessionApiListeners' (session-api-listener.ts).
 */
export function createSessionStorageListener(options: SessionListenerOptions = {}) {
  const listener = createListenerMiddleware();

  listener.startListening({
    actionCreator: signedIn,
    effect: (action) => {
      // A new sign-in starts a new 3-hour persisted session.
      browserStorage.session.remove(PERSIST_STORAGE_KEY);
      browserStorage.session.set(AUTHENTICATED_FLAG, 'true');
      browserStorage.local.set(LS_AUTH, JSON.stringify(action.payload));
    },
  });

  listener.startListening({
    actionCreator: signedOut,
    effect: () => clearSessionStorage(),
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

export type SessionListener = ReturnType<typeof createSessionStorageListener>;
