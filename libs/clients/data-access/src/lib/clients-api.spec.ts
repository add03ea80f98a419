import { CLIENTS_PATHS } from '@loan/shared-contract';
import {
  lastRequest,
  makeStore,
  setupApiServer,
} from '@loan/shared-data-access-api/testing';
import { clientsHandlers, clientsVariants } from '../testing';
import { clientsApi } from './clients-api';

const server = setupApiServer(...clientsHandlers);
const getList = clientsApi.endpoints.getClients;

it('sends page, size and the trimmed search, and answers the list envelope', async () => {
  const store = makeStore();
  const res = await store.dispatch(
    getList.initiate({ page: 2, pageSize: 15, search: '  1 ' }),
  );
  expect(lastRequest(CLIENTS_PATHS.list, 'GET')?.query).toEqual({
    page: '2',
    pageSize: '15',
    search: '1',
  });
  expect(res.data).toMatchObject({ page: 2, pageSize: 15 });
  expect(res.data?.items.every((r) => r.name.includes('1'))).toBe(true);
});

it('leaves a blank search out of the query string', async () => {
  const store = makeStore();
  await store.dispatch(
    getList.initiate({ page: 1, pageSize: 25, search: '  ' }),
  );
  expect(lastRequest(CLIENTS_PATHS.list)?.search).toBe('?page=1&pageSize=25');
});

it('answers a refusal as an error with its status', async () => {
  server.use(clientsVariants.list.forbidden);
  const store = makeStore();
  const res = await store.dispatch(getList.initiate({ page: 1, pageSize: 15 }));
  expect(res.error).toMatchObject({ status: 403 });
});

it('asks for one record by its id', async () => {
  const store = makeStore();
  const res = await store.dispatch(clientsApi.endpoints.getClient.initiate(7));
  expect(
    lastRequest(CLIENTS_PATHS.byId.replace(':id', '7'), 'GET'),
  ).toBeDefined();
  expect(res.data?.client.id).toBe(7);
});

it('finds anything with the trimmed query', async () => {
  const store = makeStore();
  const res = await store.dispatch(
    clientsApi.endpoints.findAnything.initiate('  LA-2026 '),
  );
  expect(lastRequest(CLIENTS_PATHS.search, 'GET')?.query).toEqual({
    q: 'LA-2026',
  });
  expect(res.data?.groups.map((g) => g.group)).toEqual([
    'clients',
    'applications',
    'topups',
    'repayments',
  ]);
});
