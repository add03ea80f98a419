import { useEffect, useMemo, useRef, useState } from 'react';
import type { CalculatorResult, LoanLimits } from '@loan/shared-contract';
import { useBorrowerMutation } from '@loan/public-borrower-data-access';
import { formatMoney } from '@loan/shared-util-format';
import { useValidation } from './lazy-validation';

interface Props {
  amount: string | undefined;
  tenure: number | undefined;
  mobile: string | undefined;
  onResult?: (r: CalculatorResult | null) => void;
  /** The loan product's limits once known: outside them there is nothing to ask (the api refuses it). */
  limits?: LoanLimits;
  /** Wait this long after the last change before asking (ms). */
  delay?: number;
}

/**
 * The live loan calculator: once the amount and the months are valid it asks the api
 * for the quote (the api records each use as a calculator attempt) and shows the
 * monthly instalment. Changes are debounced so typing "5000" is one attempt, not four.
 */
export function Calculator({ amount, tenure, mobile, onResult, limits, delay = 500 }: Props) {
  const [attempt, { isLoading, isError }] = useBorrowerMutation('calculatorAttempt');
  const [result, setResult] = useState<CalculatorResult | null>(null);
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  }, [onResult]);

  // The checks load just after the page shows; until then there is nothing to ask.
  const validation = useValidation();
  const body = useMemo(() => validation?.calculatorBody(amount, tenure, mobile, limits), [validation, amount, tenure, mobile, limits]);

  useEffect(() => {
    if (!body) return undefined;
    let live = true;
    const t = setTimeout(() => {
      attempt(body).then((r) => {
        if (!live) return;
        const value = 'data' in r && r.data ? r.data : null;
        setResult(value);
        onResultRef.current?.(value);
      });
    }, delay);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [body, attempt, delay]);
  const shown = body ? result : null;

  return (
    <section aria-labelledby="calc-title" aria-live="polite" className="rounded-md border border-yellow-300 bg-yellow-50 p-4 dark:border-yellow-800 dark:bg-yellow-950">
      <h3 id="calc-title" className="text-sm font-semibold">
        Your repayments
      </h3>
      {shown ? (
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <dt>Monthly instalment</dt>
          <dd className="text-right text-lg font-semibold" data-testid="monthly-instalment">
            {formatMoney(shown.monthly_instalment)}
          </dd>
          <dt>Interest ({shown.rate_percent}% a month, flat)</dt>
          <dd className="text-right">{formatMoney(shown.interest)}</dd>
          <dt>Total to repay</dt>
          <dd className="text-right font-medium">{formatMoney(shown.total_due)}</dd>
        </dl>
      ) : (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {isLoading ? 'Working out your repayments…' : isError ? 'We could not work out the repayments just now; you can still continue.' : 'Enter the amount and the months to see your monthly instalment.'}
        </p>
      )}
    </section>
  );
}
