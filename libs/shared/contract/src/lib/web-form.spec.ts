import { applicationFormSchema, flatRateQuote, otpValidationSchema, personalDetailsSchema } from './web-form';
import { maskMobile, normalizeMobile } from './fields';
import { borrowerSignFieldsSchema, generateOfferSchema, OFFER_TOKEN_PATTERN } from './offer-letters';

const good = {
  nrc: '123456/78/9',
  full_name: 'Mwila Banda',
  mobile: '0971234567',
  employer: 'Zambia Sugar',
  branch: 'Lusaka',
  amount: '5000',
  tenure: 6,
  purpose: 'School fees',
};

function errorsOf(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  // The first message per field, as the form shows it.
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[String(i.path[0])] ??= i.message;
  return out;
}

it('accepts a complete application', () => {
  expect(applicationFormSchema.safeParse(good).success).toBe(true);
});

it.each([
  ['nrc', '12345/78/9', 'Enter your NRC as on the card, like 123456/78/9.'],
  ['nrc', '', 'Enter your NRC number.'],
  ['mobile', '097123456', 'Enter a Zambian mobile number, like 0971234567 or +260971234567.'],
  ['mobile', '+26097123456', 'Enter a Zambian mobile number, like 0971234567 or +260971234567.'],
  ['amount', '100', 'The smallest loan is ZMW 500.00.'],
  ['amount', '600000', 'The largest loan is ZMW 500,000.00.'],
  ['amount', '5000.123', 'Enter an amount in kwacha, like 5000 or 5000.50.'],
  ['tenure', 0, 'Choose at least 1 month.'],
  ['branch', 'Mars', 'Choose the branch nearest to you.'],
])('rejects %s = %j with a plain message', (field, value, message) => {
  const r = applicationFormSchema.safeParse({ ...good, [field]: value });
  expect(errorsOf(r)[field]).toBe(message);
});

it('accepts both mobile prefixes and normalizes them to +260', () => {
  expect(personalDetailsSchema.parse({ ...good, mobile: '+260 97 123 4567' }).mobile).toBe('+260971234567');
  expect(normalizeMobile('0971234567')).toBe('+260971234567');
  expect(normalizeMobile('+260971234567')).toBe('+260971234567');
  expect(maskMobile('0971234567')).toBe('+260 97 *** 4567');
});

it('wants a 6-digit OTP', () => {
  expect(otpValidationSchema.safeParse({ mobile: '0971234567', code: '12345' }).success).toBe(false);
  expect(otpValidationSchema.safeParse({ mobile: '0971234567', code: '123456' }).success).toBe(true);
});

it('quotes a flat-rate loan exactly in ngwee', () => {
  // ZMW 5,000 for 6 months at 5% a month: interest 1,500, total 6,500, instalment 1,083.34 (rounded up).
  expect(flatRateQuote(500000n, 6, 500)).toEqual({
    interest: 150000n,
    total: 650000n,
    instalment: 108334n,
  });
});

it('checks the signing fields and the generate body', () => {
  expect(
    borrowerSignFieldsSchema.safeParse({
      borrower_name: 'Mwila Banda',
      borrower_date: '2026-11-21',
    }).success,
  ).toBe(true);
  expect(
    borrowerSignFieldsSchema.safeParse({
      borrower_name: 'M',
      borrower_date: '21/11/2026',
    }).success,
  ).toBe(false);
  expect(
    generateOfferSchema.safeParse({
      application_id: 1,
      authorized_rep_signature: 'data:image/png;base64,iVBORw0KGgo=',
    }).success,
  ).toBe(true);
  expect(
    generateOfferSchema.safeParse({
      application_id: 1,
      authorized_rep_signature: 'data:text/html;base64,PGI+',
    }).success,
  ).toBe(false);
  expect(OFFER_TOKEN_PATTERN.test('a'.repeat(43))).toBe(true);
});
