import type { LoanApplication, LoanKind } from '@loan/shared-contract';
import { monthlyTotalFromRows, useGetApplicationsTotalValueQuery } from '@loan/loans-data-access';
import { MONTHS } from '@loan/shared-contract';
import { businessMonthOf, formatMoney } from '@loan/shared-util-format';

/**
 * The month's total of the requests (spec §5, §7, §9): /total-value for this business month;
 * '0.00' when there is nothing; when the call fails, summed from the rows shown.
 */
export function MonthTotal({
  kind = 'application',
  branch,
  rows,
  now = new Date(),
}: {
  kind?: LoanKind;
  branch?: string;
  rows: readonly LoanApplication[];
  now?: Date;
}) {
  const { month, year } = businessMonthOf(now);
  const { data, isError, isLoading } = useGetApplicationsTotalValueQuery({ kind, month, year, status: 'request', branch });
  const total = isError ? monthlyTotalFromRows(rows, month, year) : data;
  const name = MONTHS[Number(month) - 1].name;
  return (
    <div className="rounded-lg border border-gray-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-800" aria-busy={isLoading || undefined}>
      <p className="text-sm text-gray-600 dark:text-gray-300">
        Requests total for {name} {year}
      </p>
      <p className="text-xl font-semibold tabular-nums text-gray-900 dark:text-gray-100" data-testid="month-total">
        {formatMoney(total?.total_value)}
      </p>
      {isError && <p className="text-xs text-amber-700 dark:text-amber-300">Summed from the rows shown: the total could not be loaded.</p>}
    </div>
  );
}
