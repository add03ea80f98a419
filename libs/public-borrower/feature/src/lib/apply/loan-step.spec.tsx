import { screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import type { ApplicationFormInput } from '@loan/shared-contract';
import { usePlainLoanLimits } from '@loan/shared-data-access-api';
import { renderWithProviders, setupApiServer } from '@loan/shared-data-access-api/testing';
import { borrowerVariants } from '@loan/public-borrower-data-access/testing';
import { LoanStep, amountHint, tenureChoices } from './loan-step';

const server = setupApiServer(borrowerVariants.calculatorAttempt.ok, borrowerVariants.loanLimits.ok);

function Step({ tenure, onTenureOutOfRange }: { tenure: number; onTenureOutOfRange?: (n: number) => void }) {
  const form = useForm<ApplicationFormInput>({ defaultValues: { amount: '', tenure } });
  return (
    <LoanStep
      register={form.register}
      errors={{}}
      values={{ amount: '', tenure, mobile: '' }}
      limits={usePlainLoanLimits()}
      onQuote={() => undefined}
      onTenureOutOfRange={onTenureOutOfRange}
    />
  );
}

describe('LoanStep reads the loan product (settings)', () => {
  it('hints the amount and offers the months of the product', async () => {
    server.use(borrowerVariants.loanLimits.empty);
    renderWithProviders(<Step tenure={3} />);
    expect(await screen.findByText('From ZMW 1,000.00 to ZMW 3,000.00')).toBeInTheDocument();
    expect(screen.getByText('From 2 to 4 months')).toBeInTheDocument();
    const options = within(screen.getByLabelText('Months to repay')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['2 months', '3 months', '4 months']);
  });

  it('with the defaults, the outer limits: 1 to 60 months', async () => {
    renderWithProviders(<Step tenure={12} />);
    expect(await screen.findByText('From ZMW 500.00 to ZMW 500,000.00')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Months to repay')).getAllByRole('option')).toHaveLength(60);
  });

  it('moves a choice outside the range to the nearest allowed one', async () => {
    server.use(borrowerVariants.loanLimits.empty);
    const moved = jest.fn();
    renderWithProviders(<Step tenure={12} onTenureOutOfRange={moved} />);
    await screen.findByText('From 2 to 4 months');
    expect(moved).toHaveBeenCalledWith(4);
  });

  it('builds hints and choices from any limits', () => {
    expect(amountHint(undefined)).toBe('From 500 to 500,000 kwacha');
    expect(amountHint({ min_amount: '2500.00', max_amount: '75000.00' })).toBe('From ZMW 2,500.00 to ZMW 75,000.00');
    expect(tenureChoices({ min_tenure: 6, max_tenure: 9 })).toEqual([6, 7, 8, 9]);
    expect(tenureChoices(undefined)).toHaveLength(60);
  });
});
