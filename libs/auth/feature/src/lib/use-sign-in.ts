import { createElement, useCallback, useState, useSyncExternalStore } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { ownRoleApi, roleLoaded } from '@loan/shared-permissions';
import {
  browserStorage,
  credentialsFor,
  LS_PERMISSIONS,
  preferencesReloaded,
  sessionApi,
  signedIn,
  signedOut,
} from '@loan/shared-session';
import { assertSuccess, messageForError, MSG, SignInFailure } from './sign-in-messages';

/** A text that changes while it is shown (the one sign-in toast). */
function liveText(initial: string) {
  let text = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => text,
    set(next: string) {
      text = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
type LiveText = ReturnType<typeof liveText>;

function LiveMessage({ source }: { source: LiveText }) {
  return useSyncExternalStore(source.subscribe, source.get);
}

let attempts = 0;
const WELCOME_MS = 4000;

/**
 * The sign-in sequence of spec §2/§8: csrf-cookie, login, initUserData, then /dashboard.
 * The spec's messages 'Please wait...', 'Authenticating...', 'Almost done...' and
 * 'Welcome {name}' are ONE toast whose text moves on with each step (four stacked toasts
 * covered the top bar). On failure that toast goes, the failure's message is shown and
 * local and session storage are cleared.
 */
export function useSignIn() {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const navigate = useNavigate();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);

  const signIn = useCallback(
    async (identifier: string, password: string) => {
      const creds = credentialsFor(identifier, password);
      setBusy(true);
      const progress = liveText(MSG.wait);
      attempts += 1;
      const key = `sign-in-${attempts}`;
      enqueueSnackbar(createElement(LiveMessage, { source: progress }), { variant: 'info', key, persist: true });
      try {
        const csrf = await dispatch(sessionApi.endpoints.csrfCookie.initiate());
        if ('error' in csrf && csrf.error) throw new SignInFailure(messageForError(csrf.error as FetchBaseQueryError));

        progress.set(MSG.authenticating);
        assertSuccess(await dispatch(sessionApi.endpoints.login.initiate(creds)));

        progress.set(MSG.almostDone);
        const init = assertSuccess(await dispatch(sessionApi.endpoints.initUserData.initiate(creds)));
        const user = init.data?.user;
        if (!user) throw new SignInFailure(MSG.somethingWrong);
        dispatch(signedIn(user));

        // The role decides the menu: load it before the first screen shows.
        const role = await dispatch(ownRoleApi.endpoints.ownRole.initiate(user.role_id, { forceRefetch: true }));
        if (role.data) {
          const names = role.data.allpermissions.map((p) => p.name);
          dispatch(roleLoaded({ roleId: role.data.id, roleName: role.data.name, names }));
          browserStorage.local.set(LS_PERMISSIONS, JSON.stringify(names));
        }

        progress.set(MSG.welcome(user.fullname));
        setTimeout(() => closeSnackbar(key), WELCOME_MS);
        navigate('/dashboard');
      } catch (e) {
        closeSnackbar(key);
        enqueueSnackbar(e instanceof SignInFailure ? e.message : MSG.exception, { variant: 'error' });
        browserStorage.local.clear();
        browserStorage.session.clear();
        dispatch(signedOut());
        dispatch(preferencesReloaded());
      } finally {
        setBusy(false);
      }
    },
    [dispatch, enqueueSnackbar, closeSnackbar, navigate],
  );

  return { signIn, busy };
}
