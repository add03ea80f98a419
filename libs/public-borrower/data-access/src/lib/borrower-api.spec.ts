import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { makeStore, apiUrl, csrfCookieHandler } from '@loan/shared-data-access-api/testing';
import { offerLookupFromHttpStatus } from '@loan/shared-contract';
import { borrowerApi } from './borrower-api';

const server = setupServer(csrfCookieHandler);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

it.each([
  [410, 'EXPIRED'],
  [404, 'NOT_FOUND'],
  [500, 'UNKNOWN'],
])('maps a %i lookup to %s', async (status, state) => {
  server.use(http.get(apiUrl('/api/loan-offer-letter/getByToken/tok'), () => HttpResponse.json({ message: 'x' }, { status })));
  const store = makeStore();
  const res = await store.dispatch(borrowerApi.endpoints.getOfferByToken.initiate('tok'));
  expect(offerLookupFromHttpStatus(Number((res.error as { status: number }).status))).toBe(state);
});

it('signs with a multipart body carrying the name, date and image', async () => {
  let seen: Record<string, unknown> = {};
  server.use(
    http.post(apiUrl('/api/loan-offer-letter/borrower-sign-offer/tok'), async ({ request }) => {
      const form = await request.formData();
      const file = form.get('signature') as File;
      seen = { name: form.get('borrower_name'), date: form.get('borrower_date'), type: file.type, size: file.size };
      return HttpResponse.json({ status: 'signed', signed_at: '2026-11-21T10:00:00Z', reference_code: 'LA-2026-000001' });
    }),
  );
  const store = makeStore();
  const signature = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
  const res = await store.dispatch(
    borrowerApi.endpoints.signOffer.initiate({ token: 'tok', borrower_name: 'Mwila Banda', borrower_date: '2026-11-21', signature }),
  );
  expect(res.data?.status).toBe('signed');
  expect(seen).toEqual({ name: 'Mwila Banda', date: '2026-11-21', type: 'image/png', size: 4 });
});

it('sends the OTP ticket as a header when resuming', async () => {
  server.use(
    http.get(apiUrl('/api/web/unfinished/application'), ({ request }) =>
      HttpResponse.json({
        data: request.headers.get('x-otp-ticket') === 't1' ? { mobile: '+260971234567', step: 'loan', data: {}, updated_at: 'x' } : null,
      }),
    ),
  );
  const store = makeStore();
  const res = await store.dispatch(borrowerApi.endpoints.getUnfinished.initiate({ mobile: '0971234567', ticket: 't1' }));
  expect(res.data?.step).toBe('loan');
});

it('saves a draft with the OTP ticket as a header, not in the body (issue 11 item 6)', async () => {
  let seen: { ticket: string | null; body: unknown } = { ticket: null, body: null };
  server.use(
    http.post(apiUrl('/api/web/unfinished/application'), async ({ request }) => {
      seen = { ticket: request.headers.get('x-otp-ticket'), body: await request.json() };
      return HttpResponse.json({ mobile: '+260971234567', step: 'loan', data: {}, updated_at: 'x' });
    }),
  );
  const store = makeStore();
  await store.dispatch(borrowerApi.endpoints.saveUnfinished.initiate({ mobile: '+260971234567', step: 'loan', data: { employer: 'ZESCO' }, ticket: 't1' }));
  expect(seen).toEqual({ ticket: 't1', body: { mobile: '+260971234567', step: 'loan', data: { employer: 'ZESCO' } } });
});
