import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { api } from './api';
import { permissionsChanged, sessionExpired } from './events';
import { resetPermissionsVersion } from './base-query';
import { makeStore, apiUrl } from '../testing';
import { plainCall } from './plain-call';

const probe = api.injectEndpoints({
  endpoints: (b) => ({
    probeGet: b.query<{ ok: boolean }, void>({ query: () => '/api/probe' }),
    probePost: b.mutation<{ header: string | null }, void>({ query: () => ({ url: '/api/probe', method: 'POST' }) }),
  }),
});

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});
afterAll(() => server.close());

function storeWithSpy() {
  const actions: string[] = [];
  const spy = (state = null, action: { type: string }) => {
    actions.push(action.type);
    return state;
  };
  const store = makeStore({ spy });
  return { store, actions };
}

it('dispatches sessionExpired on 401 and still passes the error on', async () => {
  server.use(http.get(apiUrl('/api/probe'), () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })));
  const { store, actions } = storeWithSpy();
  const res = await store.dispatch(probe.endpoints.probeGet.initiate());
  expect(res.error).toMatchObject({ status: 401 });
  expect(actions).toContain(sessionExpired.type);
});

it("treats a '401 Unauthorized' message as a 401", async () => {
  server.use(http.get(apiUrl('/api/probe'), () => HttpResponse.json({ message: '401 Unauthorized' }, { status: 400 })));
  const { store, actions } = storeWithSpy();
  await store.dispatch(probe.endpoints.probeGet.initiate());
  expect(actions).toContain(sessionExpired.type);
});

it('does not expire the session on other failures', async () => {
  server.use(http.get(apiUrl('/api/probe'), () => HttpResponse.json({ message: 'nope' }, { status: 500 })));
  const { store, actions } = storeWithSpy();
  const res = await store.dispatch(probe.endpoints.probeGet.initiate());
  expect(res.error).toMatchObject({ status: 500 });
  expect(actions).not.toContain(sessionExpired.type);
});

it('echoes the XSRF-TOKEN cookie as X-XSRF-TOKEN on mutations', async () => {
  document.cookie = 'XSRF-TOKEN=abc%3D123';
  server.use(
    http.post(apiUrl('/api/probe'), ({ request }) => HttpResponse.json({ header: request.headers.get('x-xsrf-token') })),
  );
  const { store } = storeWithSpy();
  const res = await store.dispatch(probe.endpoints.probePost.initiate());
  expect(res).toMatchObject({ data: { header: 'abc=123' } });
});

it('fetches a fresh CSRF cookie and retries once on 419 (stale cookie)', async () => {
  document.cookie = 'XSRF-TOKEN=stale';
  let posts = 0;
  let csrf = 0;
  server.use(
    http.get(apiUrl('/sanctum/csrf-cookie'), () => {
      csrf += 1;
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiUrl('/api/probe'), () => {
      posts += 1;
      return posts === 1 ? HttpResponse.json({ message: 'CSRF token mismatch.' }, { status: 419 }) : HttpResponse.json({ header: 'ok' });
    }),
  );
  const { store } = storeWithSpy();
  const res = await store.dispatch(probe.endpoints.probePost.initiate());
  expect(res).toMatchObject({ data: { header: 'ok' } });
  expect([posts, csrf]).toEqual([2, 1]);
});

it('fetches the CSRF cookie before the first mutation when the browser has none', async () => {
  const order: string[] = [];
  server.use(
    http.get(apiUrl('/sanctum/csrf-cookie'), () => {
      order.push('csrf');
      return new HttpResponse(null, { status: 204, headers: { 'Set-Cookie': 'XSRF-TOKEN=fresh; Path=/' } });
    }),
    http.post(apiUrl('/api/probe'), ({ request }) => {
      order.push('post');
      return HttpResponse.json({ header: request.headers.get('x-xsrf-token') });
    }),
  );
  const { store } = storeWithSpy();
  const res = await store.dispatch(probe.endpoints.probePost.initiate());
  expect(order).toEqual(['csrf', 'post']);
  expect(res).toMatchObject({ data: { header: 'fresh' } });
});

it('dispatches permissionsChanged when the permissions fingerprint moves (not for the first one seen)', async () => {
  resetPermissionsVersion();
  let version = 'aaaa';
  server.use(http.get(apiUrl('/api/probe'), () => HttpResponse.json({ ok: true }, { headers: { 'x-permissions-version': version } })));
  const { store, actions } = storeWithSpy();
  await store.dispatch(probe.endpoints.probeGet.initiate(undefined, { forceRefetch: true }));
  await store.dispatch(probe.endpoints.probeGet.initiate(undefined, { forceRefetch: true }));
  expect(actions).not.toContain(permissionsChanged.type);
  version = 'bbbb';
  await store.dispatch(probe.endpoints.probeGet.initiate(undefined, { forceRefetch: true }));
  expect(actions.filter((a) => a === permissionsChanged.type)).toHaveLength(1);
});

// plainCall (plain-call.ts): the same rules without RTK Query (origin.ts), answering as RTK Query does.
describe('plainCall', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  it('GETs the path on the api origin and answers { data }', async () => {
    server.use(http.get(apiUrl('/api/probe'), ({ request }) => HttpResponse.json({ accept: request.headers.get('accept') })));
    expect(await plainCall<{ accept: string }>({ url: '/api/probe' })).toEqual({ data: { accept: 'application/json' } });
  });

  it('fetches the CSRF cookie before a first mutation, echoes it, and sends the body as JSON', async () => {
    const order: string[] = [];
    server.use(
      http.get(apiUrl('/sanctum/csrf-cookie'), () => {
        order.push('csrf');
        return new HttpResponse(null, { status: 204, headers: { 'Set-Cookie': 'XSRF-TOKEN=fresh; Path=/' } });
      }),
      http.post(apiUrl('/api/probe'), async ({ request }) => {
        order.push('post');
        return HttpResponse.json({ header: request.headers.get('x-xsrf-token'), body: await request.json() });
      }),
    );
    const r = await plainCall({ url: '/api/probe', method: 'POST', body: { a: 1 } });
    expect(order).toEqual(['csrf', 'post']);
    expect(r).toEqual({ data: { header: 'fresh', body: { a: 1 } } });
  });

  it('fetches a fresh CSRF cookie and retries once on 419', async () => {
    document.cookie = 'XSRF-TOKEN=stale';
    let posts = 0;
    server.use(
      http.get(apiUrl('/sanctum/csrf-cookie'), () => new HttpResponse(null, { status: 204 })),
      http.post(apiUrl('/api/probe'), () => {
        posts += 1;
        return posts === 1 ? HttpResponse.json({ message: 'CSRF token mismatch.' }, { status: 419 }) : HttpResponse.json({ ok: true });
      }),
    );
    expect(await plainCall({ url: '/api/probe', method: 'POST', body: {} })).toEqual({ data: { ok: true } });
    expect(posts).toBe(2);
  });

  it('answers an HTTP failure, an unreachable api and a body that is not JSON as RTK Query errors', async () => {
    server.use(http.get(apiUrl('/api/probe'), () => HttpResponse.json({ message: 'nope' }, { status: 500 })));
    expect(await plainCall({ url: '/api/probe' })).toEqual({ error: { status: 500, data: { message: 'nope' } } });
    server.use(http.get(apiUrl('/api/probe'), () => HttpResponse.error()));
    expect(await plainCall({ url: '/api/probe' })).toMatchObject({ error: { status: 'FETCH_ERROR' } });
    server.use(http.get(apiUrl('/api/probe'), () => new HttpResponse('<html>', { status: 200 })));
    expect(await plainCall({ url: '/api/probe' })).toMatchObject({ error: { status: 'PARSING_ERROR', originalStatus: 200, data: '<html>' } });
  });
});
