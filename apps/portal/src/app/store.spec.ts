import { api, apiReady } from '@loan/shared-data-access-api';
import { signedIn } from '@loan/shared-session';
import { createPortalStore } from './store';
import { demoUser } from './test-utils';

const probe = api.injectEndpoints({
  endpoints: (b) => ({ storeProbe: b.query<number, void>({ query: () => '/api/store-probe' }) }),
});

describe('the portal store', () => {
  it('starts without the api slice and adds it, once, when a screen asks for it', async () => {
    const { store } = createPortalStore();
    expect(Object.keys(store.getState())).toEqual(expect.arrayContaining(['session', 'permissions', 'preferences', 'activity']));
    expect(store.getState()).not.toHaveProperty('api');

    const first = store.dispatch(apiReady());
    // The same promise every time: a component can suspend on it.
    expect(store.dispatch(apiReady())).toBe(first);
    await first;
    expect(store.getState().api).toEqual(expect.objectContaining({ queries: {}, mutations: {} }));
  });

  it('once the api slice is there, a sign-in resets its cache (the session listener reaches it)', async () => {
    const { store } = createPortalStore();
    await store.dispatch(apiReady());
    // A cached answer of the previous user.
    await store.dispatch(probe.util.upsertQueryData('storeProbe', undefined, 42) as never);
    expect(Object.keys(store.getState().api?.queries ?? {})).toHaveLength(1);
    store.dispatch(signedIn(demoUser));
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().session.authenticated).toBe(true);
    expect(store.getState().api?.queries).toEqual({});
  });
});
