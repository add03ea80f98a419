import { lastRequest, makeStore, requestLog, setupApiServer } from '@loan/shared-data-access-api/testing';
import { applicationsHandlers, applicationsVariants, makeApplication } from '../testing';
import { APPLICATION_PATHS, TOPUP_PATHS, applicationsApi, branchParam, exportHref, listRequest, monthlyTotalFromRows } from './applications-api';

const server = setupApiServer(...applicationsHandlers);

it('sends the branch only when non-empty and not the text null (spec §5)', () => {
  expect(branchParam('')).toBeUndefined();
  expect(branchParam('null')).toBeUndefined();
  expect(branchParam('  ')).toBeUndefined();
  expect(branchParam(undefined)).toBeUndefined();
  expect(branchParam('Ndola')).toBe('Ndola');
});

it('asks /byStatus with search, and /filter once a filter field is set', () => {
  expect(listRequest({ status: 'request', page: 2, pageSize: 25, search: ' banda ', sort: '-amount', filters: { branch: 'null' } })).toEqual({
    url: APPLICATION_PATHS.byStatus,
    params: { status: 'request', page: 2, pageSize: 25, sort: '-amount', search: 'banda' },
  });
  expect(listRequest({ status: 'closed', page: 1, pageSize: 15, search: 'x', filters: { nrc: '123456/78/9', branch: 'Kitwe', mobile: '' } })).toEqual({
    url: APPLICATION_PATHS.filter,
    // Search and filters together (issue 12): /filter takes the search too.
    params: { status: 'closed', page: 1, pageSize: 15, nrc: '123456/78/9', branch: 'Kitwe', search: 'x' },
  });
});

it('asks the top-up calls under /api/loanTopUp with the same parameters', () => {
  expect(listRequest({ kind: 'topup', status: 'approved', page: 1, pageSize: 15, sort: 'amount' })).toEqual({
    url: '/api/loanTopUp/byStatus',
    params: { status: 'approved', page: 1, pageSize: 15, sort: 'amount' },
  });
  expect(listRequest({ kind: 'topup', status: 'closed', page: 1, pageSize: 15, filters: { employer: 'ZESCO' } }).url).toBe(TOPUP_PATHS.filter);
});

it('builds the export address from the list as filtered: status, search, filters, sort, no paging', () => {
  expect(exportHref({ status: 'request', search: ' banda ', sort: '-amount', filters: { branch: 'null', nrc: '', employer: 'ZESCO' } })).toBe(
    '/api/applyForLoan/export?status=request&search=banda&sort=-amount&employer=ZESCO',
  );
  expect(exportHref({ kind: 'topup', status: 'closed', filters: { branch: 'Ndola' } })).toBe('/api/loanTopUp/export?status=closed&branch=Ndola');
});

it("sums the month's total_amount_due on the client, '0.00' when there is nothing", () => {
  const rows = [
    makeApplication(1, { created_at: '2026-03-02T08:00:00.000Z', total_amount_due: '1000.10' }),
    makeApplication(2, { created_at: '2026-03-31T23:00:00.000Z', total_amount_due: '500.00' }), // April in Lusaka
    makeApplication(3, { created_at: '2026-03-15T08:00:00.000Z', total_amount_due: '11500.20' }),
  ];
  expect(monthlyTotalFromRows(rows, '03', '2026')).toEqual({ total_value: '12500.30', count: 2, month: '03', formatted_total: '12,500.30' });
  expect(monthlyTotalFromRows([], '03', '2026')).toMatchObject({ total_value: '0.00', formatted_total: '0.00', count: 0 });
});

it('deletes with the ids in the body and refreshes the lists', async () => {
  const store = makeStore();
  const list = store.dispatch(applicationsApi.endpoints.getApplications.initiate({ status: 'request', page: 1, pageSize: 15 }));
  await list;
  const res = await store.dispatch(applicationsApi.endpoints.deleteApplications.initiate({ ids: [4, 8] }));
  expect(res.error).toBeUndefined();
  expect(res.data).toEqual({ deleted: 2, ids: [4, 8] });
  expect(lastRequest(APPLICATION_PATHS.delete, 'DELETE')?.body).toEqual({ ids: [4, 8] });
  await new Promise((r) => setTimeout(r, 50));
  // The list was fetched again after the delete (tag Application).
  expect(requestLog.filter((r) => r.path === APPLICATION_PATHS.byStatus)).toHaveLength(2);
  list.unsubscribe();
});

it('offers the named variants for every endpoint', async () => {
  server.use(applicationsVariants.list.forbidden);
  const store = makeStore();
  const res = await store.dispatch(applicationsApi.endpoints.getApplications.initiate({ status: 'approved', page: 1, pageSize: 15 }));
  expect(res.error).toMatchObject({ status: 403 });
  for (const v of Object.values(applicationsVariants)) expect(Object.keys(v).sort()).toEqual(['empty', 'error', 'forbidden', 'invalid', 'ok', 'slow']);
});
