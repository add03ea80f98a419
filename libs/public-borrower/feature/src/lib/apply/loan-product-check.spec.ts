import type { FieldErrors } from 'react-hook-form';
import type { ApplicationFormInput } from '@loan/shared-contract';
import { formatMoney } from '@loan/shared-util-format';
import { outsideLoanProduct, withinLoanProduct } from './loan-product-check';
import { applicationResolver, calculatorBody } from './validation';

const NARROW = { min_amount: '1000.00', max_amount: '3000.00', min_tenure: 2, max_tenure: 4 };
const VALID: ApplicationFormInput = {
  nrc: '123456/78/9',
  full_name: 'Mwila Banda',
  mobile: '0971234567',
  employer: 'Zambia Sugar',
  branch: 'Lusaka',
  amount: '2,500',
  tenure: 3,
  purpose: 'School fees',
};

async function check(values: Partial<ApplicationFormInput>, known = true) {
  const limits = known ? NARROW : undefined;
  const resolver = withinLoanProduct(applicationResolver, formatMoney);
  const r = await resolver({ ...VALID, ...values }, limits, { fields: {}, shouldUseNativeValidation: false });
  return { values: r.values, errors: r.errors as FieldErrors<ApplicationFormInput> };
}

describe('the form checks the loan product (settings) as the api does', () => {
  it('passes a loan inside the product', async () => {
    const r = await check({});
    expect(r.errors).toEqual({});
    expect(r.values).toMatchObject({ amount: '2500.00', tenure: 3 });
  });

  it("names the limit a loan crosses, in the words of the api's 422", async () => {
    expect((await check({ amount: '5000', tenure: 6 })).errors).toMatchObject({
      amount: { message: 'The largest loan is ZMW 3,000.00.' },
      tenure: { message: 'Choose at most 4 months.' },
    });
    expect((await check({ amount: '999.99', tenure: 1 })).errors).toMatchObject({
      amount: { message: 'The smallest loan is ZMW 1,000.00.' },
      tenure: { message: 'Choose at least 2 months.' },
    });
  });

  it("keeps the contract's own message first, and its other fields' errors", async () => {
    const r = await check({ amount: '600000', full_name: '' });
    expect(r.errors.amount?.message).toBe('The largest loan is ZMW 500,000.00.');
    expect(r.errors.full_name?.message).toBe('Enter your full name.');
    expect((await check({ amount: '5000', full_name: '' })).errors).toMatchObject({
      amount: { message: 'The largest loan is ZMW 3,000.00.' },
      full_name: { message: 'Enter your full name.' },
    });
  });

  it('until the limits are known, the outer limits alone', async () => {
    expect((await check({ amount: '5000', tenure: 12 }, false)).errors).toEqual({});
  });

  it('reads amounts as typed; what is not an amount is left to the form', () => {
    expect(outsideLoanProduct(NARROW, '2,500.50', 3, formatMoney)).toEqual({});
    expect(outsideLoanProduct(NARROW, '3,000.01', 3, formatMoney)).toEqual({ amount: 'The largest loan is ZMW 3,000.00.' });
    expect(outsideLoanProduct(NARROW, 'lots', Number.NaN, formatMoney)).toEqual({});
  });
});

describe('the calculator asks only inside the product', () => {
  it('answers no request outside the limits, the request inside them or before they are known', () => {
    expect(calculatorBody('2,500', 3, undefined, NARROW)).toEqual({ amount: '2500.00', tenure: 3 });
    expect(calculatorBody('5000', 3, undefined, NARROW)).toBeUndefined();
    expect(calculatorBody('2500', 6, undefined, NARROW)).toBeUndefined();
    expect(calculatorBody('5000', 6, undefined)).toEqual({ amount: '5000.00', tenure: 6 });
  });
});
