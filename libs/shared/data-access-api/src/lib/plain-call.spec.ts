import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { apiUrl } from '../testing';
import { plainCall } from './plain-call';

// plainCall follows the base query's rules (origin.ts) and answers as an RTK Query call does.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});
afterAll(() => server.close());
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
