import { createAction } from '@reduxjs/toolkit';

/**
 * Dispatched once when the api answers 401 (or '401 Unauthorized'): the session lib
 * clears storage and the shell routes to /login (spec §8). Defined here so that the
 * api slice does not depend on the session lib.
 */
export const sessionExpired = createAction('session/expired');

/**
 * Dispatched when the api's permissions fingerprint (PERMISSIONS_VERSION_HEADER) differs
 * from the one seen before: an admin changed the user's role or its permissions. The
 * permissions lib reloads the role, so menus follow without signing out.
 */
export const permissionsChanged = createAction<string>('session/permissionsChanged');
