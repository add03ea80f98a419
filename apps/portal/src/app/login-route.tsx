import { useEffect, useSyncExternalStore } from 'react';
import { useSelector } from 'react-redux';
import { Navigate } from 'react-router-dom';
import { useToasts } from '@loan/shared-data-access-api';
import { LoginPage } from '@loan/auth-feature';
import { hasValidSession, selectAuthenticated } from '@loan/shared-session';
import type { RouterBridge } from './router-bridge';
import type { RootState } from './store';

/**
 * Set when the server ended the session (a 401, main.tsx), taken by the login page. Not
 * router state: the guard of the screen that got the 401 also sends the user on (to / and
 * then /login), and that second move would drop it.
 */
let sessionEnded = false;
const listeners = new Set<() => void>();
export const sessionEndedNotice = {
  raise(): void {
    sessionEnded = true;
    listeners.forEach((l) => l());
  },
  take(): boolean {
    const was = sessionEnded;
    sessionEnded = false;
    return was;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => sessionEnded,
};

/**
 * The store's onExpired (spec §8: any 401 ends the session and leads to /login), for
 * main.tsx and the tests alike: raises the notice the login page shows, unless the user
 * is on /login already (a failed sign-in is not an ended session).
 */
export function onSessionExpired(router: RouterBridge) {
  return () => {
    console.info(`[portal] the server ended the session (at ${router.state.location.pathname})`);
    if (router.state.location.pathname === '/login') return;
    sessionEndedNotice.raise();
    router.navigate('/login', { replace: true });
  };
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * /login: a signed-in user goes on to the dashboard (spec §2: after login the user goes to
 * /dashboard) rather than seeing the form again; after the server ended the session
 * (a 401) a toast says why the user is back here.
 */
export function LoginRoute() {
  const authenticated = useSelector((s: RootState) => selectAuthenticated(s));
  const { enqueueSnackbar } = useToasts();
  const ended = useSyncExternalStore(sessionEndedNotice.subscribe, sessionEndedNotice.get);

  useEffect(() => {
    // Taken, so said once: a later visit to /login does not repeat it.
    if (ended && sessionEndedNotice.take()) {
      enqueueSnackbar(SESSION_ENDED_MESSAGE, { variant: 'warning', key: 'session-ended', preventDuplicate: true });
    }
  }, [ended, enqueueSnackbar]);

  if (authenticated && hasValidSession()) return <Navigate to="/dashboard" replace />;
  return <LoginPage />;
}
