import { http, HttpResponse } from 'msw';
import { act, screen } from '@testing-library/react';
import { configureStore } from '@reduxjs/toolkit';
import { api } from './api';
import { createToastMiddleware } from './toasts';
import { renderWithProviders, setupApiServer } from '../testing';

const probe = api.injectEndpoints({
  endpoints: (b) => ({
    toastSave: b.mutation<{ n: number }, { name: string }>({
      query: (body) => ({ url: '/api/toast-probe', method: 'POST', body }),
      extraOptions: { toast: { success: (d, arg) => `Saved ${(arg as { name: string }).name} (${(d as { n: number }).n}).`, error: true } },
    }),
    toastFixed: b.mutation<unknown, void>({
      query: () => ({ url: '/api/toast-probe', method: 'PUT' }),
      extraOptions: { toast: { success: 'Done.', error: 'Could not save.' } },
    }),
    toastSilent: b.mutation<unknown, void>({
      query: () => ({ url: '/api/toast-probe', method: 'DELETE' }),
    }),
  }),
});

const server = setupApiServer(
  http.post('/api/toast-probe', () => HttpResponse.json({ n: 3 })),
  http.put('/api/toast-probe', () => HttpResponse.json({ message: 'Conflict: already approved.' }, { status: 409 })),
  http.delete('/api/toast-probe', () => HttpResponse.json({})),
);

function storeWith(notify: jest.Mock) {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (gDM) => gDM().concat(api.middleware).concat(createToastMiddleware(notify)),
  });
}

it('shows the success message declared on the endpoint, built from the answer and the argument', async () => {
  const notify = jest.fn();
  await storeWith(notify).dispatch(probe.endpoints.toastSave.initiate({ name: 'Ada' }));
  expect(notify).toHaveBeenCalledWith('Saved Ada (3).', { variant: 'success' });
});

it("shows the api's message on failure, over the endpoint's fallback", async () => {
  const notify = jest.fn();
  await storeWith(notify).dispatch(probe.endpoints.toastFixed.initiate());
  expect(notify).toHaveBeenCalledWith('Conflict: already approved.', { variant: 'error' });
  server.use(http.put('/api/toast-probe', () => HttpResponse.json({}, { status: 500 })));
  await storeWith(notify).dispatch(probe.endpoints.toastFixed.initiate());
  expect(notify).toHaveBeenLastCalledWith('Could not save.', { variant: 'error' });
});

it('leaves 422 field errors to the form, and endpoints without a spec silent', async () => {
  const notify = jest.fn();
  server.use(http.post('/api/toast-probe', () => HttpResponse.json({ message: 'Invalid', errors: { name: ['Required.'] } }, { status: 422 })));
  await storeWith(notify).dispatch(probe.endpoints.toastSave.initiate({ name: '' }));
  await storeWith(notify).dispatch(probe.endpoints.toastSilent.initiate());
  expect(notify).not.toHaveBeenCalled();
});

it('reaches the toast area of renderWithProviders (notistack)', async () => {
  const { store } = renderWithProviders(<p>screen</p>);
  await act(async () => {
    await store.dispatch(probe.endpoints.toastSave.initiate({ name: 'Ada' }));
  });
  expect(await screen.findByText('Saved Ada (3).')).toBeInTheDocument();
});
