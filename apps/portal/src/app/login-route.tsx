import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { LoginPage } from '@loan/auth-feature';
import { hasValidSession, selectAuthenticated } from '@loan/shared-session';
import type { RootState } from './store';

/** Router state of the move to /login after the server ended the session (main.tsx). */
export interface LoginRouteState {
  sessionEnded?: boolean;
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * /login: a signed-in user goes on to the dashboard (spec §2: after login the user goes to
 * /dashboard) rather than seeing the form again; after the server ended the session
 * (a 401) a toast says why the user is back here.
 */
export function LoginRoute() {
  const authenticated = useSelector((s: RootState) => selectAuthenticated(s));
  const location = useLocation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const sessionEnded = (location.state as LoginRouteState | null)?.sessionEnded === true;

  useEffect(() => {
    if (!sessionEnded) return;
    enqueueSnackbar(SESSION_ENDED_MESSAGE, { variant: 'warning', key: 'session-ended', preventDuplicate: true });
    // Said once: a reload or a later visit to /login does not repeat it.
    void navigate(location.pathname, { replace: true, state: null });
  }, [sessionEnded, enqueueSnackbar, navigate, location.pathname]);

  if (authenticated && hasValidSession()) return <Navigate to="/dashboard" replace />;
  return <LoginPage />;
}
