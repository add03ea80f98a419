import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SessionUserDto } from '@loan/shared-contract';
import { apiReady } from '@loan/shared-data-access-api';
import { ownRoleApi, roleLoaded } from '@loan/shared-permissions';
import { browserStorage, credentialsFor, LS_PERMISSIONS, sessionApi, signedIn } from '@loan/shared-session';
import { assertSuccess, messageForError, MSG, SignInFailure } from './sign-in-messages';

/**
 * The calls of the sign-in sequence (spec §2/§8): csrf-cookie, login, initUserData, then the
 * user's role. Loaded when the form is sent (use-sign-in.ts), with the api slice it needs, so
 * the sign-in page itself shows without RTK Query. Throws SignInFailure with the message to show.
 */
export async function runSignIn(
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>,
  identifier: string,
  password: string,
  progress: (text: string) => void,
): Promise<SessionUserDto> {
  const creds = credentialsFor(identifier, password);
  await dispatch(apiReady());
  const csrf = await dispatch(sessionApi.endpoints.csrfCookie.initiate());
  if ('error' in csrf && csrf.error) throw new SignInFailure(messageForError(csrf.error as FetchBaseQueryError));

  progress(MSG.authenticating);
  assertSuccess(await dispatch(sessionApi.endpoints.login.initiate(creds)));

  progress(MSG.almostDone);
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
  return user;
}
