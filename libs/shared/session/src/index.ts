export {
  AUTHENTICATED_FLAG,
  PERSIST_KEY,
  PERSIST_STORAGE_KEY,
  LS_AUTH,
  LS_PERMISSIONS,
  LS_STYLE,
  LS_DARK_MODE,
  browserStorage,
} from './lib/storage-keys';
export {
  createExpiringStorage,
  clearSessionStorage,
  hasValidSession,
  prepareSessionStorage,
  persistedWrittenAt,
  type PersistStorage,
} from './lib/expiring-storage';
export {
  sessionSlice,
  sessionReducer,
  signedIn,
  signedOut,
  userRefreshed,
  initialSessionState,
  selectSession,
  selectUser,
  selectAuthenticated,
  type SessionState,
  type SessionUser,
  type SessionRootState,
} from './lib/session-slice';
export {
  preferencesSlice,
  preferencesReducer,
  styleChosen,
  darkModeChosen,
  preferencesReloaded,
  loadPreferences,
  isDarkMode,
  systemPrefersDark,
  selectStyle,
  selectDarkFlag,
  type PreferencesState,
  type PreferencesRootState,
  type DarkModeFlag,
} from './lib/preferences-slice';
// Sign-in, session and start-up endpoints, their hooks and types.
export * from './lib/session-api';
export { createSessionStorageListener, type SessionListener, type SessionListenerOptions } from './lib/session-listener';
export { createSessionListener, startSessionApiListeners } from './lib/session-api-listener';
export { signOut } from './lib/sign-out';
