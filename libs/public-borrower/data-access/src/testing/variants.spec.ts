import { makeStore, setupApiServer, lastRequest } from '@loan/shared-data-access-api/testing';
import { offerLookupFromHttpStatus } from '@loan/shared-contract';
import { borrowerApi } from '../lib/borrower-api';
import { BORROWER_PATHS, KNOWN_NRC, OTP_CODE, borrowerVariants, offer, quote } from './index';

const server = setupApiServer();

it.each([
  ['expired', 'EXPIRED'],
  ['notFound', 'NOT_FOUND'],
  ['error', 'UNKNOWN'],
  ['forbidden', 'UNKNOWN'],
] as const)('getByToken.%s answers what the page maps to %s', async (variant, state) => {
  server.use(borrowerVariants.getByToken[variant]);
  const res = await makeStore().dispatch(borrowerApi.endpoints.getOfferByToken.initiate('tok'));
  expect(offerLookupFromHttpStatus(Number((res.error as { status: number }).status))).toBe(state);
  expect(lastRequest('/api/loan-offer-letter/getByToken/tok', 'GET')).toBeDefined();
});

it('getByToken.ok and .signed answer the offer letter', async () => {
  server.use(borrowerVariants.getByToken.ok);
  const store = makeStore();
  expect((await store.dispatch(borrowerApi.endpoints.getOfferByToken.initiate('tok'))).data).toEqual(offer);
  server.use(borrowerVariants.getByToken.signed);
  const signed = await makeStore().dispatch(borrowerApi.endpoints.getOfferByToken.initiate('tok'));
  expect(signed.data?.status).toBe('signed');
});

it('checkRecord.ok knows only KNOWN_NRC, and logs the body sent', async () => {
  server.use(borrowerVariants.checkRecord.ok);
  const store = makeStore();
  expect((await store.dispatch(borrowerApi.endpoints.checkRecord.initiate({ nrc: KNOWN_NRC }))).data).toEqual({ exist: true });
  expect((await store.dispatch(borrowerApi.endpoints.checkRecord.initiate({ nrc: '123456/78/9' }))).data).toEqual({ exist: false });
  expect(lastRequest(BORROWER_PATHS.checkRecord, 'POST')?.body).toEqual({ nrc: '123456/78/9' });
});

it('otpValidation.checked accepts OTP_CODE only, answering 422 with a code error otherwise', async () => {
  server.use(borrowerVariants.otpValidation.checked);
  const store = makeStore();
  const wrong = await store.dispatch(borrowerApi.endpoints.validateOtp.initiate({ mobile: '0971234567', code: '000000' }));
  expect((wrong.error as { status: number; data: { errors: Record<string, string[]> } }).status).toBe(422);
  expect((wrong.error as { data: { errors: Record<string, string[]> } }).data.errors['code']).toHaveLength(1);
  const right = await store.dispatch(borrowerApi.endpoints.validateOtp.initiate({ mobile: '0971234567', code: OTP_CODE }));
  expect(right.data?.ticket).toBe('ticket-1');
});

it('calculatorAttempt.invalid answers 422 and .ok the quote', async () => {
  server.use(borrowerVariants.calculatorAttempt.invalid);
  const store = makeStore();
  const bad = await store.dispatch(borrowerApi.endpoints.calculatorAttempt.initiate({ amount: '5', tenure: 6 }));
  expect((bad.error as { status: number }).status).toBe(422);
  server.use(borrowerVariants.calculatorAttempt.ok);
  const ok = await store.dispatch(borrowerApi.endpoints.calculatorAttempt.initiate({ amount: '5000', tenure: 6 }));
  expect(ok.data).toEqual(quote);
});

it('getUnfinished.empty answers no draft; saveUnfinished.ok echoes the draft', async () => {
  server.use(borrowerVariants.getUnfinished.empty, borrowerVariants.saveUnfinished.ok);
  const store = makeStore();
  const none = await store.dispatch(borrowerApi.endpoints.getUnfinished.initiate({ mobile: '+260971234567', ticket: 't' }));
  expect(none.data).toBeNull();
  const saved = await store.dispatch(
    borrowerApi.endpoints.saveUnfinished.initiate({ mobile: '+260971234567', step: 'loan', data: { amount: '5000' }, ticket: 't' }),
  );
  expect(saved.data).toMatchObject({ mobile: '+260971234567', step: 'loan', data: { amount: '5000' } });
});
