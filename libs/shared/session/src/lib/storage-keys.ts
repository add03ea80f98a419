/**
 * Browser storage keys of the session (spec §3 "Local preferences", §4, §9).
 * sessionStorage: the authenticated flag and the persisted auth/role-permission state.
 * localStorage: style, dark-mode flag, permissions list and the auth entry.
 */
export const AUTHENTICATED_FLAG = 'authenticated';
export const PERSIST_KEY = 'portal';
/** redux-persist stores under `persist:<key>`. */
export const PERSIST_STORAGE_KEY = `persist:${PERSIST_KEY}`;
export const LS_AUTH = 'auth';
export const LS_PERMISSIONS = 'permissions';
export const LS_STYLE = 'style';
export const LS_DARK_MODE = 'darkMode';

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const browserStorage = {
  local: {
    get: (k: string) => safe(() => localStorage.getItem(k), null),
    set: (k: string, v: string) => safe(() => localStorage.setItem(k, v), undefined),
    remove: (k: string) => safe(() => localStorage.removeItem(k), undefined),
    clear: () => safe(() => localStorage.clear(), undefined),
  },
  session: {
    get: (k: string) => safe(() => sessionStorage.getItem(k), null),
    set: (k: string, v: string) => safe(() => sessionStorage.setItem(k, v), undefined),
    remove: (k: string) => safe(() => sessionStorage.removeItem(k), undefined),
    clear: () => safe(() => sessionStorage.clear(), undefined),
  },
};
