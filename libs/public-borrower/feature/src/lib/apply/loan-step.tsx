import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ApplicationFormInput, CalculatorResult } from '@loan/shared-contract';
import { Field } from '../ui/field';
import { Calculator } from './calculator';
import { TENURES } from './apply-steps';

/** Step "Your loan": amount, months and purpose, with the repayment calculator. */
export function LoanStep({
  register,
  errors,
  values,
  onQuote,
}: {
  register: UseFormRegister<ApplicationFormInput>;
  errors: FieldErrors<ApplicationFormInput>;
  values: Pick<ApplicationFormInput, 'amount' | 'tenure' | 'mobile'>;
  onQuote: (quote: CalculatorResult | null) => void;
}) {
  return (
    <>
      <Field label="Amount (ZMW)" hint="From 500 to 500,000 kwacha" error={errors.amount?.message}>
        <input type="text" inputMode="decimal" {...register('amount')} />
      </Field>
      <Field label="Months to repay" error={errors.tenure?.message}>
        <select {...register('tenure', { setValueAs: (x) => (x === '' ? undefined : Number(x)) })}>
          {TENURES.map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? 'month' : 'months'}
            </option>
          ))}
        </select>
      </Field>
      <Field label="What is the loan for?" error={errors.purpose?.message}>
        <input type="text" {...register('purpose')} />
      </Field>
      <Calculator amount={values.amount} tenure={values.tenure} mobile={values.mobile} onResult={onQuote} />
    </>
  );
}
