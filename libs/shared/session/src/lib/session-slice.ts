import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionUserDto } from '@loan/shared-contract';
import { sessionExpired } from '@loan/shared-data-access-api';

export type SessionUser = SessionUserDto;

export interface SessionState {
  user: SessionUser | null;
  authenticated: boolean;
}

export const initialSessionState: SessionState = { user: null, authenticated: false };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    signedIn(_state, action: PayloadAction<SessionUser>) {
      return { user: action.payload, authenticated: true };
    },
    userRefreshed(state, action: PayloadAction<SessionUser>) {
      if (state.authenticated) state.user = action.payload;
    },
    signedOut() {
      return initialSessionState;
    },
  },
  extraReducers: (b) => {
    b.addCase(sessionExpired, () => initialSessionState);
  },
});

export const { signedIn, signedOut, userRefreshed } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

export interface SessionRootState {
  session: SessionState;
}
export const selectSession = (s: SessionRootState) => s.session;
export const selectUser = (s: SessionRootState) => s.session.user;
export const selectAuthenticated = (s: SessionRootState) => s.session.authenticated;
