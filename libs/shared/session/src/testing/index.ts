// Fixtures and MSW variants of the sign-in, password and own-session endpoints, on relative
// paths, for the auth screens' stories (and any test): `sessionVariants.login.invalid`.
import {
  ALL_PERMISSIONS,
  API,
  BAD_CREDENTIALS_MESSAGE,
  FORGOT_PASSWORD_MESSAGE,
  USER_SESSIONS_PATH,
  type ActiveSessionDto,
  type InitUserDataResponse,
  type LoginResponse,
  type SessionUserDto,
} from '@loan/shared-contract';
import { endpointVariants } from '@loan/shared-data-access-api/testing';

/** The signed-in user of the fixtures (the same person as the permissions testing entry's). */
export const sessionUser: SessionUserDto = { id: 1, fullname: 'Ada Admin', role_id: 1, email: 'admin@demo.zm', unique_number: 'EMP-0001', branch: 'Lusaka' };

/** The signed-in user's sessions: this one and two others. */
export const activeSessions: ActiveSessionDto[] = [
  { id: 'aaaaaaaaaaaaaaaa', ip_address: '10.0.0.1', user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130', created_at: '2026-11-24T08:00:00Z', last_seen_at: '2026-11-24T09:00:00Z', current: true },
  { id: 'bbbbbbbbbbbbbbbb', ip_address: '10.0.0.2', user_agent: 'Mozilla/5.0 (Linux; Android 14) Mobile Chrome/130', created_at: '2026-11-23T08:00:00Z', last_seen_at: '2026-11-23T10:00:00Z', current: false },
  { id: 'cccccccccccccccc', ip_address: '10.0.0.3', user_agent: 'Mozilla/5.0 (iPad; CPU OS 17_0) Safari/605', created_at: '2026-11-22T08:00:00Z', last_seen_at: '2026-11-22T10:00:00Z', current: false },
];

const ok: LoginResponse = { status: '300', message: 'ok' };

/** Each endpoint in the named variants (ok, empty, invalid, forbidden, error, slow). */
export const sessionVariants = {
  login: endpointVariants('POST', API.login, { ok, empty: ok, fieldErrors: { email: [BAD_CREDENTIALS_MESSAGE] } }),
  initUserData: endpointVariants('POST', API.initUserData, {
    ok: { status: '300', data: { user: sessionUser } } satisfies InitUserDataResponse,
    empty: { status: '300', data: { user: sessionUser } } satisfies InitUserDataResponse,
  }),
  ownRole: endpointVariants('GET', `${API.roles}/byId/:id`, {
    ok: { id: 1, name: 'Administrator', allpermissions: ALL_PERMISSIONS.map((name, i) => ({ id: i + 1, name })) },
    empty: { id: 1, name: 'Administrator', allpermissions: [] },
  }),
  forgotPassword: endpointVariants('POST', `${API.users}/forgot-password`, {
    ok: { message: FORGOT_PASSWORD_MESSAGE },
    empty: { message: FORGOT_PASSWORD_MESSAGE },
    fieldErrors: { email: ['Enter a valid e-mail address, like name@example.com.'] },
  }),
  passwordReset: endpointVariants('POST', `${API.users}/password-reset`, {
    ok: { message: 'Your password has been reset.' },
    empty: { message: 'Your password has been reset.' },
    fieldErrors: { token: ['This password reset link is invalid or has expired.'] },
  }),
  changePassword: endpointVariants('POST', `${API.users}/change-password`, {
    ok: { message: 'Password changed.' },
    empty: { message: 'Password changed.' },
    fieldErrors: { current_password: ['The current password is not right.'] },
  }),
  mySessions: endpointVariants('GET', USER_SESSIONS_PATH, { ok: activeSessions, empty: activeSessions.slice(0, 1) }),
  revokeSession: endpointVariants('DELETE', `${USER_SESSIONS_PATH}/:id`, { ok: { message: 'Session ended.' }, empty: { message: 'Session ended.' } }),
  revokeOthers: endpointVariants('POST', `${USER_SESSIONS_PATH}/revoke-others`, {
    ok: { message: 'Signed out everywhere else.', count: 2 },
    empty: { message: 'Signed out everywhere else.', count: 0 },
  }),
};

/** Every session endpoint answering normally. */
export const sessionHandlers = Object.values(sessionVariants).map((v) => v.ok);
