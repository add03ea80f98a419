import { createElement, useCallback, useState, useSyncExternalStore } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useToasts } from '@loan/shared-data-access-api';
import { browserStorage, preferencesReloaded, signedOut } from '@loan/shared-session';
import { MSG, SignInFailure } from './sign-in-messages';

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
  const { enqueueSnackbar, closeSnackbar } = useToasts();
  const [busy, setBusy] = useState(false);

  const signIn = useCallback(
    async (identifier: string, password: string) => {
      setBusy(true);
      const progress = liveText(MSG.wait);
      attempts += 1;
      const key = `sign-in-${attempts}`;
      enqueueSnackbar(createElement(LiveMessage, { source: progress }), { variant: 'info', key, persist: true });
      try {
        // The calls (RTK Query and the api slice) load with the first attempt, not with the page.
        const { runSignIn } = await import('./sign-in-sequence');
        const user = await runSignIn(dispatch, identifier, password, (text) => progress.set(text));
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
