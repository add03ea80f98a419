import { parseTypedMoney, type ApplicationFormInput, type ApplyStep, type CalculatorResult } from '@loan/shared-contract';
import { formatMoney } from '@loan/shared-util-format';
import { Button } from '../ui/button';

/** Whether a calculator quote is for the amount and months now in the form. */
export function quoteMatches(quote: CalculatorResult | null, values: Pick<ApplicationFormInput, 'amount' | 'tenure'>): quote is CalculatorResult {
  return !!quote && quote.tenure === values.tenure && parseTypedMoney(quote.amount) === parseTypedMoney(values.amount);
}

/** Step "Check and send": every answer with a link back to its step, and the quote when it still fits. */
export function ReviewStep({
  values: v,
  quote,
  onChange,
}: {
  values: ApplicationFormInput;
  quote: CalculatorResult | null;
  onChange: (step: ApplyStep) => void;
}) {
  const rows = [
    ['NRC number', v.nrc, 'personal'],
    ['Full name', v.full_name, 'personal'],
    ['Mobile number', v.mobile, 'personal'],
    ['Employer', v.employer, 'employment'],
    ['Branch', v.branch, 'employment'],
    ['Amount', formatMoney(parseTypedMoney(v.amount) ?? v.amount), 'loan'],
    ['Months to repay', String(v.tenure), 'loan'],
    ['Purpose', v.purpose, 'loan'],
  ] as const;
  return (
    <dl className="divide-y divide-slate-100 dark:divide-slate-800">
      {rows.map(([label, value, s]) => (
        <div key={label} className="flex items-start justify-between gap-3 py-2">
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="text-base font-medium break-all">{value}</dd>
          </div>
          <Button variant="link" onClick={() => onChange(s)} aria-label={`Change ${label.toLowerCase()}`}>
            Change
          </Button>
        </div>
      ))}
      {quoteMatches(quote, v) && (
        <div className="py-2">
          <dt className="text-sm text-slate-600 dark:text-slate-400">Monthly instalment</dt>
          <dd className="text-base font-medium">
            {formatMoney(quote.monthly_instalment)} for {quote.tenure} months (total {formatMoney(quote.total_due)})
          </dd>
        </div>
      )}
    </dl>
  );
}
