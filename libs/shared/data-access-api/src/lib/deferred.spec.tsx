import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { DEFAULT_LOAN_LIMITS, makeStore, renderWithProviders, setupApiServer } from '../testing';
import { api } from './api';
import { DeferredStoreContext, retryingLoader, useDeferredMutation, useDeferredQueryData, type DispatchHolder } from './deferred';

const echoApi = api.injectEndpoints({
  endpoints: (b) => ({
    deferredEcho: b.mutation<{ echo: number }, { n: number }>({ query: (body) => ({ url: '/api/test/echo', method: 'POST', body }) }),
  }),
});
setupApiServer(
  http.post('/api/test/echo', async ({ request }) => {
    const { n } = (await request.json()) as { n: number };
    return n < 0 ? HttpResponse.json({ message: 'No negatives.' }, { status: 422 }) : HttpResponse.json({ echo: n });
  }),
);

function Echo({ load, n = 1 }: { load: () => Promise<typeof echoApi.endpoints.deferredEcho>; n?: number }) {
  const [echo, { isLoading, isError }] = useDeferredMutation(load);
  const [said, setSaid] = useState('');
  return (
    <>
      <h1>Shown</h1>
      <button type="button" onClick={() => void echo({ n }).then((r) => setSaid('data' in r && r.data ? `echo ${r.data.echo}` : 'failed'))}>
        Send
      </button>
      <p>{isLoading ? 'busy' : isError ? 'error' : 'idle'}</p>
      <p>{said}</p>
    </>
  );
}

const endpoint = () => Promise.resolve(echoApi.endpoints.deferredEcho);

it('shows the page before the store loads; a call waits for it and then goes through RTK Query', async () => {
  let give: (store: DispatchHolder) => void = () => undefined;
  const loadStore = jest.fn(() => new Promise<DispatchHolder>((resolve) => (give = resolve)));
  render(
    <DeferredStoreContext.Provider value={loadStore}>
      <Echo load={endpoint} n={7} />
    </DeferredStoreContext.Provider>,
  );
  expect(screen.getByRole('heading', { name: 'Shown' })).toBeInTheDocument();
  expect(screen.getByText('idle')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByText('busy')).toBeInTheDocument();
  expect(loadStore).toHaveBeenCalledTimes(1);
  const store = makeStore();
  give(store);
  expect(await screen.findByText('echo 7')).toBeInTheDocument();
  expect(screen.getByText('idle')).toBeInTheDocument();
  // Not kept in the store (track: false): the promise carries the answer.
  expect(store.getState().api.mutations).toEqual({});
});

it('uses the store of the nearest Provider without a DeferredStoreContext, and reports a failed call', async () => {
  renderWithProviders(<Echo load={endpoint} n={-1} />);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('failed')).toBeInTheDocument();
  expect(screen.getByText('error')).toBeInTheDocument();
});

it('answers a fetch error when the code cannot be downloaded, and downloads again on the next call', async () => {
  const download = jest.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockImplementation(endpoint);
  renderWithProviders(<Echo load={retryingLoader(download)} n={3} />);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('failed')).toBeInTheDocument();
  expect(screen.getByText('error')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('echo 3')).toBeInTheDocument();
  expect(download).toHaveBeenCalledTimes(2);
});

it('gives a deferred query its data once it answers (the loan limits)', async () => {
  const loadLimits = retryingLoader(() => import('./loan-limits').then((m) => m.loanLimitsApi.endpoints.getLoanLimits));
  function Limits() {
    const limits = useDeferredQueryData(loadLimits);
    return <p>{limits ? `up to ${limits.max_amount}` : 'not yet'}</p>;
  }
  renderWithProviders(<Limits />);
  expect(screen.getByText('not yet')).toBeInTheDocument();
  expect(await screen.findByText(`up to ${DEFAULT_LOAN_LIMITS.max_amount}`)).toBeInTheDocument();
});
