import { useCallback, useState } from 'react';
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

/**
 * The sign-in sequence of spec §2/§8: csrf-cookie, login, initUserData, with the
 * progress toasts 'Please wait...', 'Authenticating...', 'Almost done...' and
 * 'Welcome {name}', then /dashboard. On failure the message is shown and local and
 * session storage are cleared.
 */
export function useSignIn() {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);

  const signIn = useCallback(
    async (identifier: string, password: string) => {
      const creds = credentialsFor(identifier, password);
      setBusy(true);
      try {
        enqueueSnackbar(MSG.wait, { variant: 'info' });
        const csrf = await dispatch(sessionApi.endpoints.csrfCookie.initiate());
        if ('error' in csrf && csrf.error) throw new SignInFailure(messageForError(csrf.error as FetchBaseQueryError));

        enqueueSnackbar(MSG.authenticating, { variant: 'info' });
        assertSuccess(await dispatch(sessionApi.endpoints.login.initiate(creds)));

        enqueueSnackbar(MSG.almostDone, { variant: 'info' });
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

        enqueueSnackbar(MSG.welcome(user.fullname), { variant: 'success' });
        navigate('/dashboard');
      } catch (e) {
        enqueueSnackbar(e instanceof SignInFailure ? e.message : MSG.exception, { variant: 'error' });
        browserStorage.local.clear();
        browserStorage.session.clear();
        dispatch(signedOut());
        dispatch(preferencesReloaded());
      } finally {
        setBusy(false);
      }
    },
    [dispatch, enqueueSnackbar, navigate],
  );

  return { signIn, busy };
}
