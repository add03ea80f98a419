import { useEffect } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ApplicationFormInput, CalculatorResult, LoanLimits } from '@loan/shared-contract';
import { formatMoney } from '@loan/shared-util-format';
import { Field } from '../ui/field';
import { Calculator } from './calculator';
import { TENURES } from './apply-steps';

/** The months offered: the loan product's range, or the outer limits until it is known. */
export function tenureChoices(limits: Pick<LoanLimits, 'min_tenure' | 'max_tenure'> | undefined): number[] {
  if (!limits) return TENURES;
  const choices = TENURES.filter((n) => n >= limits.min_tenure && n <= limits.max_tenure);
  return choices.length ? choices : TENURES;
}

/** The amount's hint: the loan product's range (settings), the outer limits until it is known. */
export function amountHint(limits: Pick<LoanLimits, 'min_amount' | 'max_amount'> | undefined): string {
  return limits ? `From ${formatMoney(limits.min_amount)} to ${formatMoney(limits.max_amount)}` : 'From 500 to 500,000 kwacha';
}

/** Step "Your loan": amount, months and purpose, with the repayment calculator. */
export function LoanStep({
  register,
  errors,
  values,
  limits,
  onQuote,
  onTenureOutOfRange,
}: {
  register: UseFormRegister<ApplicationFormInput>;
  errors: FieldErrors<ApplicationFormInput>;
  values: Pick<ApplicationFormInput, 'amount' | 'tenure' | 'mobile'>;
  /** The loan product's limits once known (undefined: the outer limits). */
  limits: LoanLimits | undefined;
  onQuote: (quote: CalculatorResult | null) => void;
  /** The chosen months are outside the product's range: the nearest allowed choice. */
  onTenureOutOfRange?: (nearest: number) => void;
}) {
  const tenures = tenureChoices(limits);
  const tenure = values.tenure;
  useEffect(() => {
    if (tenure === undefined || !onTenureOutOfRange || tenures.includes(tenure)) return;
    onTenureOutOfRange(Math.min(Math.max(tenure, tenures[0]), tenures[tenures.length - 1]));
  }, [tenure, tenures, onTenureOutOfRange]);
  return (
    <>
      <Field label="Amount (ZMW)" hint={amountHint(limits)} error={errors.amount?.message}>
        <input type="text" inputMode="decimal" {...register('amount')} />
      </Field>
      <Field label="Months to repay" hint={limits ? `From ${limits.min_tenure} to ${limits.max_tenure} months` : undefined} error={errors.tenure?.message}>
        <select {...register('tenure', { setValueAs: (x) => (x === '' ? undefined : Number(x)) })}>
          {tenures.map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? 'month' : 'months'}
            </option>
          ))}
        </select>
      </Field>
      <Field label="What is the loan for?" error={errors.purpose?.message}>
        <input type="text" {...register('purpose')} />
      </Field>
      <Calculator amount={values.amount} tenure={values.tenure} mobile={values.mobile} limits={limits} onResult={onQuote} />
    </>
  );
}
