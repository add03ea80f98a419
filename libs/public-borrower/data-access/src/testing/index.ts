import { http, HttpResponse } from 'msw';
import { endpointVariants, requestLog } from '@loan/shared-data-access-api/testing';
import {
  OFFER_REPLACED,
  API,
  LOAN_LIMITS_PATH,
  type LoanLimits,
  type BorrowerSignResponse,
  type CalculatorResult,
  type CheckRecordResponse,
  type CreateApplicationResponse,
  type IpAddressResponse,
  type NewClientResponse,
  type OtpSendResponse,
  type OtpValidationResponse,
  type UnfinishedApplication,
} from '@loan/shared-contract';
import { offer } from './fixtures';

export { offer, PNG_DATA_URL } from './fixtures';

/** The borrower endpoints' paths, relative, as the handlers match them. */
export const BORROWER_PATHS = {
  getByToken: `${API.offerLetters}/getByToken/:token`,
  sign: `${API.offerLetters}/borrower-sign-offer/:token`,
  ipAddress: `${API.web}/ip-address`,
  checkRecord: `${API.applications}/check-record`,
  calculatorAttempt: `${API.web}/calculator/attempt`,
  unfinished: `${API.web}/unfinished/application`,
  otpSend: `${API.web}/otp/send`,
  otpValidation: `${API.web}/otp/validation`,
  newClient: `${API.web}/newClient`,
  create: `${API.applications}/create`,
  loanLimits: LOAN_LIMITS_PATH,
} as const;

/** The quote the calculator gives for 5,000.00 over 6 months at 5% a month. */
export const quote: CalculatorResult = {
  amount: '5000.00',
  tenure: 6,
  rate_percent: '5.00',
  interest: '1500.00',
  total_due: '6500.00',
  monthly_instalment: '1083.34',
};

/** The offer once the borrower signed it. */
export const signedOffer = { ...offer, status: 'signed' as const, signed_at: '2026-11-21T10:00:00.000Z' };

/** The code the otp validation ok variant accepts; any other answers 422. */
export const OTP_CODE = '123456';
/** The NRC the check-record ok variant knows (answers exist: true). */
export const KNOWN_NRC = '111111/11/1';

function statusOnly(path: string, status: number, message: string) {
  return http.get(path, ({ request }) => {
    const url = new URL(request.url);
    requestLog.push({ method: request.method, path: url.pathname, query: {}, search: url.search, body: undefined });
    return HttpResponse.json({ message }, { status });
  });
}

/**
 * Every borrower endpoint in its named variants (ok, empty, invalid, forbidden, error, slow),
 * on relative paths; getByToken adds expired (410) and notFound (404).
 * `server.use(borrowerVariants.getByToken.expired)`.
 */
export const borrowerVariants = {
  getByToken: {
    ...endpointVariants('GET', BORROWER_PATHS.getByToken, { ok: offer, empty: offer }),
    signed: endpointVariants('GET', BORROWER_PATHS.getByToken, { ok: signedOffer, empty: signedOffer }).ok,
    expired: statusOnly(BORROWER_PATHS.getByToken, 410, 'This offer letter has expired.'),
    /** A newer letter replaced this one (NOTES.md): 410 with OFFER_REPLACED. */
    replaced: statusOnly(BORROWER_PATHS.getByToken, 410, OFFER_REPLACED),
    notFound: statusOnly(BORROWER_PATHS.getByToken, 404, 'Offer letter not found.'),
  },
  sign: endpointVariants('POST', BORROWER_PATHS.sign, {
    ok: { status: 'signed', signed_at: '2026-11-21T10:00:00.000Z', reference_code: offer.reference_code } satisfies BorrowerSignResponse,
    empty: { status: 'signed', signed_at: '2026-11-21T10:00:00.000Z', reference_code: offer.reference_code } satisfies BorrowerSignResponse,
    fieldErrors: { borrower_name: ['Enter your full name as it appears on the NRC.'] },
  }),
  ipAddress: endpointVariants('POST', BORROWER_PATHS.ipAddress, {
    ok: { ip: '127.0.0.1' } satisfies IpAddressResponse,
    empty: { ip: '' } satisfies IpAddressResponse,
  }),
  checkRecord: endpointVariants('POST', BORROWER_PATHS.checkRecord, {
    ok: ({ body }) => ({ exist: (body as { nrc?: string } | undefined)?.nrc === KNOWN_NRC }) satisfies CheckRecordResponse,
    empty: { exist: false } satisfies CheckRecordResponse,
    fieldErrors: { nrc: ['Enter your NRC as on the card, like 123456/78/9.'] },
  }),
  calculatorAttempt: endpointVariants('POST', BORROWER_PATHS.calculatorAttempt, {
    ok: quote,
    empty: { ...quote, interest: '0.00', total_due: quote.amount },
    fieldErrors: { amount: ['Enter an amount between 500 and 50,000.'] },
  }),
  saveUnfinished: endpointVariants('POST', BORROWER_PATHS.unfinished, {
    ok: ({ body }) => ({ ...(body as Omit<UnfinishedApplication, 'updated_at'>), updated_at: '2026-11-21T10:00:00.000Z' }),
    empty: { mobile: '+260971234567', step: 'personal', data: {}, updated_at: '2026-11-21T10:00:00.000Z' } as UnfinishedApplication,
  }),
  getUnfinished: endpointVariants<{ data: UnfinishedApplication | null }>('GET', BORROWER_PATHS.unfinished, {
    ok: ({ query }) => ({
      data: {
        mobile: query['mobile'] ?? '+260971234567',
        step: 'employment',
        data: { nrc: '123456/78/9', full_name: 'Mwila Banda', mobile: '0971234567' },
        updated_at: '2026-11-21T10:00:00.000Z',
      } as UnfinishedApplication,
    }),
    empty: { data: null },
  }),
  otpSend: endpointVariants('POST', BORROWER_PATHS.otpSend, {
    ok: { sent: true, expires_at: '2026-11-21T10:05:00.000Z', mobile: '+260 97 *** 4567' } satisfies OtpSendResponse,
    empty: { sent: true, expires_at: '2026-11-21T10:05:00.000Z', mobile: '' } satisfies OtpSendResponse,
    fieldErrors: { mobile: ['Enter a Zambian mobile number, like 0971234567 or +260971234567.'] },
  }),
  otpValidation: {
    ...endpointVariants('POST', BORROWER_PATHS.otpValidation, {
      ok: { verified: true, ticket: 'ticket-1', expires_at: '2026-11-21T10:30:00.000Z' } satisfies OtpValidationResponse,
      empty: { verified: true, ticket: '', expires_at: '2026-11-21T10:30:00.000Z' } satisfies OtpValidationResponse,
      fieldErrors: { code: ['That code is not right. You have 4 tries left.'] },
    }),
    /** Accepts OTP_CODE only; any other code answers 422 as the api does. */
    checked: http.post(BORROWER_PATHS.otpValidation, async ({ request }) => {
      const body = (await request.json()) as { code?: string };
      requestLog.push({ method: 'POST', path: new URL(request.url).pathname, query: {}, search: '', body });
      if (body.code !== OTP_CODE) {
        return HttpResponse.json(
          { message: 'The code is not right.', errors: { code: ['That code is not right. You have 4 tries left.'] } },
          { status: 422 },
        );
      }
      return HttpResponse.json({ verified: true, ticket: 'ticket-1', expires_at: '2026-11-21T10:30:00.000Z' } satisfies OtpValidationResponse);
    }),
  },
  newClient: endpointVariants('POST', BORROWER_PATHS.newClient, {
    ok: { id: 1, created: true } satisfies NewClientResponse,
    empty: { id: 1, created: false } satisfies NewClientResponse,
    fieldErrors: { nrc: ['Enter your NRC as on the card, like 123456/78/9.'] },
  }),
  /** ok: the defaults (the outer limits); empty: a narrow product (ZMW 1,000 to 3,000, 2 to 4 months). */
  loanLimits: endpointVariants<LoanLimits>('GET', BORROWER_PATHS.loanLimits, {
    ok: { min_amount: '500.00', max_amount: '500000.00', min_tenure: 1, max_tenure: 60, flat_rate_percent: '5.00', processing_fee_percent: '0.00' },
    empty: { min_amount: '1000.00', max_amount: '3000.00', min_tenure: 2, max_tenure: 4, flat_rate_percent: '5.00', processing_fee_percent: '2.50' },
  }),
  create: endpointVariants('POST', BORROWER_PATHS.create, {
    ok: { id: 9, reference_code: 'LA-2026-000009', status: 'request' } satisfies CreateApplicationResponse,
    empty: { id: 9, reference_code: 'LA-2026-000009', status: 'request' } satisfies CreateApplicationResponse,
    fieldErrors: { amount: ['Enter an amount between 500 and 50,000.'] },
  }),
};

/** The apply form's endpoints answering normally: `setupServer(csrfCookieHandler, ...applyHandlers)`. */
export const applyHandlers = [
  borrowerVariants.ipAddress.ok,
  borrowerVariants.checkRecord.ok,
  borrowerVariants.calculatorAttempt.ok,
  borrowerVariants.saveUnfinished.ok,
  borrowerVariants.getUnfinished.empty,
  borrowerVariants.otpSend.ok,
  borrowerVariants.otpValidation.checked,
  borrowerVariants.newClient.ok,
  borrowerVariants.create.ok,
  borrowerVariants.loanLimits.ok,
];

/** The contract page's endpoints answering normally. */
export const contractHandlers = [borrowerVariants.getByToken.ok, borrowerVariants.sign.ok];
