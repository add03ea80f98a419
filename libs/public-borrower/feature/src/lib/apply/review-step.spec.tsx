import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationFormInput, CalculatorResult } from '@loan/shared-contract';
import { ReviewStep, quoteMatches } from './review-step';

const values = {
  nrc: '123456/78/9',
  full_name: 'Mary Banda',
  mobile: '0971234567',
  employer: 'Ministry of Health',
  branch: 'Lusaka',
  amount: '5000',
  tenure: 6,
  purpose: 'School fees',
} as ApplicationFormInput;
const quote: CalculatorResult = { amount: '5000.00', tenure: 6, rate_percent: '5.00', interest: '1500.00', total_due: '6500.00', monthly_instalment: '1083.34' };

it('uses a quote only while it is for the amount and months in the form', () => {
  expect(quoteMatches(quote, values)).toBe(true);
  expect(quoteMatches(quote, { ...values, amount: '5000.00' })).toBe(true);
  expect(quoteMatches(quote, { ...values, amount: '6000' })).toBe(false);
  // Typed with a thousands separator (issue 12): the same amount.
  expect(quoteMatches({ ...quote, amount: '12500.00' }, { ...values, amount: '12,500' })).toBe(true);
  expect(quoteMatches(quote, { ...values, tenure: 7 })).toBe(false);
  expect(quoteMatches(null, values)).toBe(false);
});

it('lists every answer and the fitting instalment, and each Change leads to its step', async () => {
  const onChange = jest.fn();
  render(<ReviewStep values={values} quote={quote} onChange={onChange} />);
  expect(screen.getByText('Mary Banda')).toBeTruthy();
  expect(screen.getByText('School fees')).toBeTruthy();
  expect(screen.getByText('Monthly instalment')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Change branch' }));
  expect(onChange).toHaveBeenLastCalledWith('employment');
  await userEvent.click(screen.getByRole('button', { name: 'Change purpose' }));
  expect(onChange).toHaveBeenLastCalledWith('loan');
  await userEvent.click(screen.getByRole('button', { name: 'Change nrc number' }));
  expect(onChange).toHaveBeenLastCalledWith('personal');
});

it('leaves out an instalment quoted for other answers', () => {
  render(<ReviewStep values={{ ...values, tenure: 12 }} quote={quote} onChange={() => undefined} />);
  expect(screen.queryByText('Monthly instalment')).toBeNull();
});

it('shows an amount typed with thousands separators as money', () => {
  render(<ReviewStep values={{ ...values, amount: '12,500' }} quote={null} onChange={() => undefined} />);
  expect(screen.getByText('ZMW 12,500.00')).toBeTruthy();
});
