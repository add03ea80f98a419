import { USER_PATHS } from '@loan/shared-contract';
import { lastRequest, makeStore, setupApiServer } from '@loan/shared-data-access-api/testing';
import { usersHandlers, usersVariants } from '../testing';
import { usersApi } from './users-api';

const server = setupApiServer(...usersHandlers);
const getList = usersApi.endpoints.getUsers;

it('sends page, size and the trimmed search, and answers the list envelope', async () => {
  const store = makeStore();
  const res = await store.dispatch(getList.initiate({ page: 2, pageSize: 15, search: '  1 ' }));
  expect(lastRequest(USER_PATHS.list, 'GET')?.query).toEqual({ page: '2', pageSize: '15', search: '1' });
  expect(res.data).toMatchObject({ page: 2, pageSize: 15 });
  expect(res.data?.items.every((r) => `${r.fullname} ${r.email} ${r.unique_number}`.includes('1'))).toBe(true);
});

it('leaves a blank search out of the query string', async () => {
  const store = makeStore();
  await store.dispatch(getList.initiate({ page: 1, pageSize: 25, search: '  ' }));
  expect(lastRequest(USER_PATHS.list)?.search).toBe('?page=1&pageSize=25');
});

it('answers a refusal as an error with its status', async () => {
  server.use(usersVariants.list.forbidden);
  const store = makeStore();
  const res = await store.dispatch(getList.initiate({ page: 1, pageSize: 15 }));
  expect(res.error).toMatchObject({ status: 403 });
});

it('asks for one record by its id', async () => {
  const store = makeStore();
  const res = await store.dispatch(usersApi.endpoints.getAdminUser.initiate(7));
  expect(lastRequest(USER_PATHS.byId.replace(':id', '7'), 'GET')).toBeDefined();
  expect(res.data?.id).toBe(7);
});

it('sends the chosen filters only', async () => {
  const store = makeStore();
  await store.dispatch(getList.initiate({ page: 1, pageSize: 15, filters: { role_id: '2', branch_id: '', active: 'false' } }));
  expect(lastRequest(USER_PATHS.list)?.query).toEqual({ page: '1', pageSize: '15', role_id: '2', active: 'false' });
});
