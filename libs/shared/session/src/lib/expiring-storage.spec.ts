import { createExpiringStorage, hasValidSession, prepareSessionStorage } from './expiring-storage';
import { AUTHENTICATED_FLAG, LS_AUTH, LS_DARK_MODE, LS_PERMISSIONS, LS_STYLE, PERSIST_STORAGE_KEY } from './storage-keys';

const HOUR = 60 * 60 * 1000;

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('createExpiringStorage', () => {
  it('returns what was written until 3 hours have passed, then forgets it', async () => {
    let now = 1_000_000;
    const s = createExpiringStorage(sessionStorage, 3 * HOUR, () => now);
    await s.setItem('k', '{"a":1}');
    now += 3 * HOUR - 1;
    expect(await s.getItem('k')).toBe('{"a":1}');
    now += 1;
    expect(await s.getItem('k')).toBeNull();
    expect(sessionStorage.getItem('k')).toBeNull();
  });

  it('keeps the first write time when the entry is rewritten, and starts over once expired', async () => {
    let now = 0;
    const s = createExpiringStorage(sessionStorage, 3 * HOUR, () => now);
    await s.setItem('k', 'v1');
    now = 2 * HOUR;
    await s.setItem('k', 'v2');
    now = 3 * HOUR;
    expect(await s.getItem('k')).toBeNull();
    await s.setItem('k', 'v3');
    now = 5 * HOUR;
    expect(await s.getItem('k')).toBe('v3');
  });

  it('reads garbage as absent', async () => {
    sessionStorage.setItem('k', 'not json');
    expect(await createExpiringStorage(sessionStorage).getItem('k')).toBeNull();
  });
});

describe('start-up check', () => {
  function seed() {
    sessionStorage.setItem(PERSIST_STORAGE_KEY, JSON.stringify({ writtenAt: 0, value: '{}' }));
    localStorage.setItem(LS_AUTH, '{"id":1}');
    localStorage.setItem(LS_PERMISSIONS, '["view main dashboard"]');
    localStorage.setItem(LS_STYLE, 'white');
    localStorage.setItem(LS_DARK_MODE, '1');
  }

  it('clears the stored session when the authenticated flag is missing', () => {
    seed();
    expect(prepareSessionStorage(1000)).toBe(false);
    expect(sessionStorage.getItem(PERSIST_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(LS_AUTH)).toBeNull();
    expect(localStorage.getItem(LS_PERMISSIONS)).toBeNull();
    // Display preferences survive.
    expect(localStorage.getItem(LS_STYLE)).toBe('white');
    expect(localStorage.getItem(LS_DARK_MODE)).toBe('1');
  });

  it('keeps a flagged session younger than 3 hours', () => {
    seed();
    sessionStorage.setItem(AUTHENTICATED_FLAG, 'true');
    expect(hasValidSession(3 * HOUR - 1)).toBe(true);
    expect(prepareSessionStorage(3 * HOUR - 1)).toBe(true);
    expect(localStorage.getItem(LS_AUTH)).toBe('{"id":1}');
  });

  it('clears a flagged session whose persisted state is 3 hours old', () => {
    seed();
    sessionStorage.setItem(AUTHENTICATED_FLAG, 'true');
    expect(prepareSessionStorage(3 * HOUR)).toBe(false);
    expect(sessionStorage.getItem(AUTHENTICATED_FLAG)).toBeNull();
    expect(localStorage.getItem(LS_AUTH)).toBeNull();
  });

  it("accepts only the flag value 'true'", () => {
    sessionStorage.setItem(AUTHENTICATED_FLAG, 'false');
    expect(hasValidSession()).toBe(false);
  });
});
