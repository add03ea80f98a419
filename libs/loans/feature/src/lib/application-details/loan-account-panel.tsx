import type { LoanStatus } from '@loan/shared-contract';
import { useGetLoanAccountQuery } from '@loan/loans-data-access';
import { errorMessage } from '@loan/shared-data-access-api';
import { Card, DataTable, ErrorState, Fact, Money, Skeleton, cx } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';
import { scheduleColumns, transactionColumns } from './loan-account-columns';
import { LoanAccountActions } from './loan-account-actions';
import { ACCOUNT_STATE_LABEL, ACCOUNT_STATE_TONE } from './loan-account-labels';

const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

export interface LoanAccountPanelProps {
  loanId: number;
  status: LoanStatus;
  /** The loan's reference code, named by the actions' dialogs. */
  reference: string;
}

/**
 * The loan account on the details page (`GET /api/loan-accounts/:id`, NOTES.md "Loan products
 * and loan accounts"): its state, the balance by part, the schedule per instalment and the
 * ledger newest first (superseded rows kept, muted and labelled). Only a paid-out loan has an
 * account: requests and rejected ones are not asked, and an approved loan not paid out yet
 * (404) shows nothing.
 */
export function LoanAccountPanel({ loanId, status, reference }: LoanAccountPanelProps) {
  const isLoan = status === 'approved' || status === 'closed';
  const query = useGetLoanAccountQuery(loanId, { skip: !isLoan });
  if (!isLoan || isNotFound(query.error)) return null;
  if (query.isError && !query.data)
    return (
      <ErrorState
        title="Could not load the loan account"
        message={errorMessage(query.error, 'Please try again.')}
        onRetry={() => void query.refetch()}
      />
    );
  const a = query.data;
  if (!a)
    return (
      <Card title="Loan account">
        <Skeleton lines={4} label="Loading the loan account..." />
      </Card>
    );
  const o = a.outstanding;
  return (
    <section aria-label="Loan account" className="space-y-6">
      <Card
        title={
          <span className="flex flex-wrap items-center gap-2">
            Loan account
            <span className={cx('rounded-full px-2.5 py-0.5 text-xs font-medium', ACCOUNT_STATE_TONE[a.state])}>{ACCOUNT_STATE_LABEL[a.state]}</span>
          </span>
        }
        actions={<LoanAccountActions account={a} reference={reference} />}
      >
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" aria-label="Outstanding by part">
          <Fact label="Principal"><Money value={o.principal} /></Fact>
          <Fact label="Interest"><Money value={o.interest} /></Fact>
          <Fact label="Fees"><Money value={o.fees} /></Fact>
          <Fact label="Penalties"><Money value={o.penalty} /></Fact>
          <Fact label="Total outstanding"><strong><Money value={o.total} /></strong></Fact>
        </dl>
        <dl className="mt-4 grid grid-cols-1 gap-4 border-t border-gray-100 pt-4 sm:grid-cols-2 lg:grid-cols-4 dark:border-slate-700">
          <Fact label="Amount"><Money value={a.amount} /></Fact>
          <Fact label="Paid to date"><Money value={a.paid_total} /></Fact>
          <Fact label="Next instalment">
            {a.next_due ? (
              <>
                No. {a.next_due.no}, <Money value={a.next_due.amount} /> on {formatDate(a.next_due.date)}
              </>
            ) : (
              '—'
            )}
          </Fact>
          <Fact label="Disbursed on">{formatDate(a.disbursed_on)}</Fact>
        </dl>
      </Card>
      <Card title={<>Schedule by part{a.schedule_version > 1 && <span className="ml-2 text-sm font-normal text-gray-600 dark:text-gray-300">version {a.schedule_version}</span>}</>} flush>
        <p className="px-4 pt-3 text-xs text-gray-600 dark:text-gray-300">Amounts in ZMW.</p>
        <DataTable caption="Schedule by part" columns={scheduleColumns} data={a.schedule} getRowId={(i) => String(i.no)} emptyTitle="No instalments" />
      </Card>
      <Card title="Transactions" flush>
        <p className="px-4 pt-3 text-xs text-gray-600 dark:text-gray-300">
          Newest first, in ZMW. The parts are the change to what is owed: a payment&apos;s are negative. A superseded row is an allocation
          replaced by a later correction, kept for the record.
        </p>
        <DataTable caption="Transactions" columns={transactionColumns} data={a.transactions} getRowId={(t) => String(t.id)} emptyTitle="No transactions" />
      </Card>
    </section>
  );
}
