import { createAsyncThunk } from '@reduxjs/toolkit';
import { sessionApi } from './session-api';
import { signedOut } from './session-slice';

/**
 * Logout (spec §2): tell the api, then forget the session locally whatever it answered
 * (the server session may already be gone) and reset the api cache.
 */
export const signOut = createAsyncThunk('session/signOut', async (_: void, { dispatch }) => {
  try {
    await dispatch(sessionApi.endpoints.logout.initiate()).unwrap();
  } catch {
    // Already signed out on the server, or unreachable: the local sign-out still happens.
  }
  dispatch(signedOut());
});
