import { PERSISTED_STATE_TTL_MS } from '@loan/shared-contract';
import { AUTHENTICATED_FLAG, browserStorage, LS_AUTH, LS_PERMISSIONS, PERSIST_STORAGE_KEY } from './storage-keys';

interface Envelope {
  writtenAt: number;
  value: string;
}

export interface PersistStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

function read(raw: string | null): Envelope | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Envelope>;
    return typeof parsed.writtenAt === 'number' && typeof parsed.value === 'string' ? (parsed as Envelope) : null;
  } catch {
    return null;
  }
}

/**
 * redux-persist storage on sessionStorage whose entries expire `ttlMs` after they were
 * first written (spec §9: persisted auth and role-permission state expires after 3; NOTES.md
 * reads it as 3 hours). An expired or unreadable entry reads as absent and is removed.
 */
export function createExpiringStorage(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = sessionStorage,
  ttlMs: number = PERSISTED_STATE_TTL_MS,
  now: () => number = Date.now,
): PersistStorage {
  return {
    async getItem(key) {
      const env = read(storage.getItem(key));
      if (!env || now() - env.writtenAt >= ttlMs) {
        storage.removeItem(key);
        return null;
      }
      return env.value;
    },
    async setItem(key, value) {
      // The clock starts when the entry is first written (at sign-in) and is not reset by
      // later writes, so a session lasts 3 hours however often its state changes.
      const current = read(storage.getItem(key));
      const t = now();
      const writtenAt = current && t - current.writtenAt < ttlMs ? current.writtenAt : t;
      storage.setItem(key, JSON.stringify({ writtenAt, value } satisfies Envelope));
    },
    async removeItem(key) {
      storage.removeItem(key);
    },
  };
}

/** When the persisted session state was written, or null. */
export function persistedWrittenAt(): number | null {
  return read(browserStorage.session.get(PERSIST_STORAGE_KEY))?.writtenAt ?? null;
}

/** Forgets the signed-in user everywhere: flag, persisted state, auth entry, permissions list. */
export function clearSessionStorage() {
  browserStorage.session.clear();
  browserStorage.local.remove(LS_AUTH);
  browserStorage.local.remove(LS_PERMISSIONS);
}

/**
 * True when the session-storage authenticated flag is set and the persisted state has
 * not expired (spec §4: the flag decides validity).
 */
export function hasValidSession(now: number = Date.now(), ttlMs: number = PERSISTED_STATE_TTL_MS): boolean {
  if (browserStorage.session.get(AUTHENTICATED_FLAG) !== 'true') return false;
  const writtenAt = persistedWrittenAt();
  return writtenAt === null || now - writtenAt < ttlMs;
}

/**
 * Start-up check (spec §4): without a valid authenticated flag, the stored session is
 * cleared before the store rehydrates. Display preferences (style, dark mode) stay.
 * Returns whether the session was kept.
 */
export function prepareSessionStorage(now: number = Date.now(), ttlMs: number = PERSISTED_STATE_TTL_MS): boolean {
  if (hasValidSession(now, ttlMs)) return true;
  clearSessionStorage();
  return false;
}
