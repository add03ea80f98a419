import { loanLimitErrors } from './loan-limits';

describe('loan limits', () => {
  // The api and the form pass formatMoney (shared-util-format); any formatter shows in the words.
  const money = (a: string) => `ZMW ${Number(a).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  const range = { min_amount: '1000.00', max_amount: '3000.00', min_tenure: 1, max_tenure: 4 };
  it('names the limit crossed, by field, and nothing inside the range', () => {
    expect(loanLimitErrors(range, { amount: '1000.00', tenure: 4 }, money)).toEqual({});
    expect(loanLimitErrors(range, { amount: '3000.01', tenure: 5 }, money)).toEqual({ amount: 'The largest loan is ZMW 3,000.00.', tenure: 'Choose at most 4 months.' });
    expect(loanLimitErrors(range, { amount: '999.99', tenure: 0 }, money)).toEqual({ amount: 'The smallest loan is ZMW 1,000.00.', tenure: 'Choose at least 1 month.' });
    expect(loanLimitErrors(range, {}, money)).toEqual({});
  });
});
