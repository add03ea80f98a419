import { useEffect, useId, useState } from 'react';
import type { RepayableLoan } from '@loan/shared-contract';
import { useGetRepayableLoansQuery } from '@loan/transactions-data-access';
import { Money, Skeleton, TextField, cx } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';

export interface LoanPickerProps {
  value: string;
  onChange: (loan: RepayableLoan) => void;
  error?: string;
}

/** The next instalment in one line: 'No. 2 of 3: ZMW 1,500.00 on 15 Mar 2026'. */
export function NextInstalment({ loan }: { loan: RepayableLoan }) {
  if (loan.next_due_no === null) return <>nothing due</>;
  return (
    <>
      No. {loan.next_due_no} of {loan.instalments}: <Money value={loan.next_due_amount} /> on {formatDate(loan.next_due_date)}
      {loan.days_past_due > 0 && <span className="text-red-700 dark:text-red-300"> ({loan.days_past_due} days past due)</span>}
    </>
  );
}

/**
 * The add form's loan: a search (reference, name, NRC or mobile) over the loans that take
 * repayments, each shown with its balance and next instalment; a radio group, so arrows move.
 */
export function LoanPicker({ value, onChange, error }: LoanPickerProps) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(typed), 250);
    return () => clearTimeout(t);
  }, [typed]);
  const query = useGetRepayableLoansQuery({ search });
  const name = useId();
  const loans = query.data?.items ?? [];
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">Loan</legend>
      <TextField
        label="Find the loan"
        type="search"
        placeholder="Reference code, name, NRC or mobile"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <div className="max-h-56 overflow-y-auto rounded-md border border-gray-200 dark:border-slate-700" aria-busy={query.isFetching || undefined}>
        {query.isLoading ? (
          <div className="p-3">
            <Skeleton lines={3} label="Loading loans..." />
          </div>
        ) : query.isError ? (
          <p className="p-3 text-sm text-red-700 dark:text-red-300">
            Could not load the loans.{' '}
            <button type="button" className="underline" onClick={() => void query.refetch()}>
              Retry
            </button>
          </p>
        ) : loans.length === 0 ? (
          <p className="p-3 text-sm text-gray-600 dark:text-gray-300">No loan with a balance matches.</p>
        ) : (
          <ul className="divide-y divide-gray-100 dark:divide-slate-700">
            {loans.map((l) => (
              <li key={l.application_id}>
                <label
                  className={cx(
                    'flex cursor-pointer gap-3 p-3 text-sm hover:bg-gray-50 dark:hover:bg-slate-700',
                    value === l.reference_code && 'bg-blue-50 dark:bg-slate-700',
                  )}
                >
                  <input
                    type="radio"
                    name={name}
                    className="mt-1"
                    checked={value === l.reference_code}
                    onChange={() => onChange(l)}
                    aria-describedby={`${name}-${l.application_id}`}
                  />
                  <span className="min-w-0">
                    <span className="block font-medium">
                      {l.reference_code} · {l.fullname}
                    </span>
                    <span id={`${name}-${l.application_id}`} className="block text-gray-600 dark:text-gray-300">
                      Balance <Money value={l.balance} /> · Next <NextInstalment loan={l} />
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
