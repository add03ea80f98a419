import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { P, PERSISTED_STATE_TTL_MS, type PermissionName } from '@loan/shared-contract';
import { AUTHENTICATED_FLAG, PERSIST_STORAGE_KEY } from '@loan/shared-session';
import { App } from './app';
import { onSessionExpired } from './login-route';
import { createRouterBridge } from './router-bridge';
import { createPortalStore } from './store';

/** jsdom's origin plus an api path (MSW needs absolute URLs). */
export const apiUrl = (path: string) => new URL(path, 'http://localhost').toString();

export const demoUser = { id: 1, fullname: 'Ada Admin', role_id: 1, email: 'admin@demo.zm', unique_number: 'EMP-0001', branch: 'Lusaka' };

/**
 * Writes a signed-in session into browser storage the way the running portal leaves it
 * (authenticated flag + redux-persist entry), `ageMs` old.
 */
export function seedSession(names: readonly PermissionName[] = [P.viewDashboard], ageMs = 0) {
  const inner = {
    session: JSON.stringify({ user: demoUser, authenticated: true }),
    permissions: JSON.stringify({ roleId: 1, roleName: 'Administrator', names, loaded: true }),
    _persist: JSON.stringify({ version: -1, rehydrated: true }),
  };
  sessionStorage.setItem(AUTHENTICATED_FLAG, 'true');
  sessionStorage.setItem(PERSIST_STORAGE_KEY, JSON.stringify({ writtenAt: Date.now() - ageMs, value: JSON.stringify(inner) }));
}
export const EXPIRED_AGE = PERSISTED_STATE_TTL_MS + 1000;

/** The whole portal (store, persistence, route table) at `path`, as main.tsx builds it. */
export async function renderPortal(path: string) {
  // The bridge follows the memory router once rendered: `router.state.location`, `router.navigate`.
  const router = createRouterBridge();
  const { store, persistor } = createPortalStore({ onExpired: onSessionExpired(router) });
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <App store={store} persistor={persistor} router={router} />
    </MemoryRouter>,
  );
  // Let redux-persist rehydrate.
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  return { router, store, persistor, ...utils };
}
