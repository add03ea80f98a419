import { ACCOUNTING_PATHS } from '@loan/shared-contract';
import { lastRequest, makeStore, setupApiServer } from '@loan/shared-data-access-api/testing';
import { accountingHandlers, accountingVariants } from '../testing';
import { accountingApi } from './accounting-api';

const server = setupApiServer(...accountingHandlers);
const getList = accountingApi.endpoints.getAccounting;

it('sends page, size and the trimmed search, and answers the list envelope', async () => {
  const store = makeStore();
  const res = await store.dispatch(getList.initiate({ page: 2, pageSize: 15, search: '  1 ' }));
  expect(lastRequest(ACCOUNTING_PATHS.list, 'GET')?.query).toEqual({ page: '2', pageSize: '15', search: '1' });
  expect(res.data).toMatchObject({ page: 2, pageSize: 15 });
  expect(res.data?.items.every((r) => r.name.includes('1') || r.code.includes('1'))).toBe(true);
});

it('leaves a blank search out of the query string', async () => {
  const store = makeStore();
  await store.dispatch(getList.initiate({ page: 1, pageSize: 25, search: '  ' }));
  expect(lastRequest(ACCOUNTING_PATHS.list)?.search).toBe('?page=1&pageSize=25');
});

it('answers a refusal as an error with its status', async () => {
  server.use(accountingVariants.list.forbidden);
  const store = makeStore();
  const res = await store.dispatch(getList.initiate({ page: 1, pageSize: 15 }));
  expect(res.error).toMatchObject({ status: 403 });
});
