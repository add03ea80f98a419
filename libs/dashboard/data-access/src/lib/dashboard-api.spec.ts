import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { api } from '@loan/shared-data-access-api';
import { makeStore, apiUrl } from '@loan/shared-data-access-api/testing';
import { DASHBOARD_PATHS } from '@loan/shared-contract';
import { dashboardApi, monthParams } from './dashboard-api';

const seen: string[] = [];
const server = setupServer(
  http.get(apiUrl(DASHBOARD_PATHS.monthlyCardStats), ({ request }) => {
    seen.push(new URL(request.url).search);
    return HttpResponse.json({ applicationsRequestsCount: 1 });
  }),
  http.get(apiUrl(DASHBOARD_PATHS.offerLetterCardStats), ({ request }) => {
    seen.push(new URL(request.url).search);
    return HttpResponse.json({ pendingCount: 1, expiredCount: 2, signedCount: 3 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

it('leaves the month out for the whole year', () => {
  expect(monthParams({ month: '', year: '2026' })).toEqual({ year: '2026' });
  expect(monthParams({ month: '03', year: '2026' })).toEqual({ month: '03', year: '2026' });
  expect(monthParams(undefined)).toBeUndefined();
});

it('sends month and year as strings, and an empty payload for offer stats', async () => {
  const store = makeStore();
  await store.dispatch(dashboardApi.endpoints.getMonthlyCardStats.initiate({ month: '03', year: '2026' }));
  await store.dispatch(dashboardApi.endpoints.getOfferLetterCardStats.initiate());
  await store.dispatch(dashboardApi.endpoints.getOfferLetterCardStats.initiate({ month: '03', year: '2026' }));
  expect(seen).toEqual(['?month=03&year=2026', '', '?month=03&year=2026']);
});

it("refetches when another domain invalidates the 'Dashboard' tag", async () => {
  const store = makeStore();
  const sub = store.dispatch(dashboardApi.endpoints.getOfferLetterCardStats.initiate());
  await sub;
  expect(seen).toHaveLength(1);
  store.dispatch(api.util.invalidateTags(['Dashboard']));
  await new Promise((r) => setTimeout(r, 50));
  expect(seen).toHaveLength(2);
  sub.unsubscribe();
});
