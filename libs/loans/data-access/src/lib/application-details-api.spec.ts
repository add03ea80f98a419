import { lastRequest, makeStore, requestLog, setupApiServer } from '@loan/shared-data-access-api/testing';
import { applicationDetailsHandlers, applicationDetailsVariants, applicationsHandlers, loanDetailsVariants } from '../testing';
import { APPLICATION_PATHS, applicationsApi } from './applications-api';
import { applicationDetailsApi, loanDetailsPaths } from './application-details-api';

const server = setupApiServer(...applicationsHandlers, ...applicationDetailsHandlers);

const settle = () => new Promise((r) => setTimeout(r, 50));

it('asks for one loan with its client, comments and offer letter, under its kind', async () => {
  const store = makeStore();
  const res = await store.dispatch(applicationDetailsApi.endpoints.getLoan.initiate({ kind: 'application', id: 7 }));
  expect(res.data?.reference_code).toBe('LA-2026-000007');
  expect(lastRequest('/api/applyForLoan/byId/7')?.query).toEqual({ relations: 'client,comments,offerLetter,history' });
  expect(loanDetailsPaths('topup')).toMatchObject({ byId: '/api/loanTopUp/byId/:id', update: '/api/loanTopUp/update' });
});

it('after a status change, refreshes the loan, the lists and their counts (tags)', async () => {
  const store = makeStore();
  const one = store.dispatch(applicationDetailsApi.endpoints.getLoan.initiate({ kind: 'application', id: 7 }));
  const list = store.dispatch(applicationsApi.endpoints.getApplications.initiate({ status: 'request', page: 1, pageSize: 15 }));
  const stats = store.dispatch(applicationsApi.endpoints.getApplicationStatusStats.initiate({ status: 'request' }));
  await Promise.all([one, list, stats]);
  const res = await store.dispatch(applicationDetailsApi.endpoints.updateLoan.initiate({ kind: 'application', body: { id: 7, status: 'approved' } }));
  expect(res.error).toBeUndefined();
  await settle();
  const calls = (path: string) => requestLog.filter((r) => r.method === 'GET' && r.path === path).length;
  expect(calls('/api/applyForLoan/byId/7')).toBe(2);
  expect(calls(APPLICATION_PATHS.byStatus)).toBe(2);
  expect(calls(APPLICATION_PATHS.statsByStatus)).toBe(2);
  [one, list, stats].forEach((s) => s.unsubscribe());
});

it('refreshes nothing when the server refuses the change (409)', async () => {
  server.use(applicationDetailsVariants.update.conflict);
  const store = makeStore();
  const list = store.dispatch(applicationsApi.endpoints.getApplications.initiate({ status: 'request', page: 1, pageSize: 15 }));
  await list;
  const res = await store.dispatch(applicationDetailsApi.endpoints.updateLoan.initiate({ kind: 'application', body: { id: 7, status: 'approved' } }));
  expect(res.error).toMatchObject({ status: 409 });
  await settle();
  expect(requestLog.filter((r) => r.path === APPLICATION_PATHS.byStatus)).toHaveLength(1);
  list.unsubscribe();
});

it('offers the named variants for every details endpoint, for either kind', () => {
  for (const v of [...Object.values(applicationDetailsVariants), ...Object.values(loanDetailsVariants('topup'))]) {
    expect(Object.keys(v)).toEqual(expect.arrayContaining(['empty', 'error', 'forbidden', 'invalid', 'ok', 'slow']));
  }
});
