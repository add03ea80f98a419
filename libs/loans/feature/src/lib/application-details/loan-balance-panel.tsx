import { useRef } from 'react';
import {
  REPAYMENT_METHOD_LABELS,
  type Instalment,
  type LoanBalance,
  type LoanDisk,
  type LoanStatus,
  type Repayment,
  type RepaymentMethod,
} from '@loan/shared-contract';
import { useGetLoanDiskQuery } from '@loan/loans-data-access';
import { errorMessage } from '@loan/shared-data-access-api';
import { Card, ErrorState, Fact, Money, PrintButton, Skeleton, cx } from '@loan/shared-ui';
import { formatDate, formatDateTime } from '@loan/shared-util-format';

const STATE_LABEL: Record<LoanBalance['state'], string> = {
  paid: 'Paid in full',
  not_disbursed: 'Not disbursed',
  overdue: 'Overdue',
  current: 'Current',
};
const STATE_TONE: Record<LoanBalance['state'], string> = {
  paid: 'bg-gray-200 text-gray-800 dark:bg-slate-700 dark:text-gray-200',
  not_disbursed: 'bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-200',
  overdue: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
  current: 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200',
};
const INSTALMENT_LABEL: Record<Instalment['status'], string> = { paid: 'Paid', overdue: 'Overdue', part_paid: 'Part paid', due: 'Due' };

const methodLabel = (m: string) => REPAYMENT_METHOD_LABELS[m as RepaymentMethod] ?? m;

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-300';
const td = 'px-3 py-2 text-sm';
const num = 'px-3 py-2 text-right text-sm tabular-nums';

function ScheduleTable({ schedule, caption }: { schedule: Instalment[]; caption: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-gray-200 dark:divide-slate-700">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={th}>#</th>
            <th scope="col" className={th}>Due date</th>
            <th scope="col" className={cx(th, 'text-right')}>Amount</th>
            <th scope="col" className={cx(th, 'text-right')}>Paid</th>
            <th scope="col" className={cx(th, 'text-right')}>Outstanding</th>
            <th scope="col" className={th}>Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-slate-700">
          {schedule.map((i) => (
            <tr key={i.instalment_no}>
              <td className={td}>{i.instalment_no}</td>
              <td className={td}>{formatDate(i.due_date)}</td>
              <td className={num}><Money value={i.amount} /></td>
              <td className={num}><Money value={i.paid} /></td>
              <td className={num}><Money value={i.outstanding} /></td>
              <td className={cx(td, i.status === 'overdue' && 'font-medium text-red-700 dark:text-red-300')}>{INSTALMENT_LABEL[i.status]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RepaymentsTable({ repayments, caption }: { repayments: Repayment[]; caption: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-gray-200 dark:divide-slate-700">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={th}>Paid on</th>
            <th scope="col" className={cx(th, 'text-right')}>Amount</th>
            <th scope="col" className={th}>Method</th>
            <th scope="col" className={th}>Reference</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-slate-700">
          {repayments.map((r) => (
            <tr key={r.id} className={r.reversed ? 'text-gray-500 dark:text-gray-400' : undefined}>
              <td className={td}>{formatDate(r.paid_at)}</td>
              <td className={num}>
                <Money value={r.amount} className={cx('tabular-nums', r.reversed && 'line-through')} />
              </td>
              <td className={td}>{methodLabel(r.method)}</td>
              <td className={td}>
                <span className="break-all">{r.reference ?? '—'}</span>
                {r.reversed && <span className="block text-xs">Reversed: {r.reversal_reason}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BalanceFacts({ b }: { b: LoanBalance }) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Fact label="Total due"><Money value={b.total_due} /></Fact>
      <Fact label="Paid"><Money value={b.paid} /></Fact>
      <Fact label="Balance"><strong><Money value={b.balance} /></strong></Fact>
      <Fact label="Arrears"><Money value={b.arrears} /></Fact>
      <Fact label="Next instalment">
        {b.next_due_no === null ? '—' : (
          <>
            No. {b.next_due_no} of {b.instalments}, <Money value={b.next_due_amount} /> on {formatDate(b.next_due_date)}
          </>
        )}
      </Fact>
      <Fact label="Days past due">{b.days_past_due}</Fact>
      <Fact label="Disbursed on">{b.disbursed_on ? formatDate(b.disbursed_on) : '—'}</Fact>
      <Fact label="Matures on">{b.maturity_date ? formatDate(b.maturity_date) : '—'}</Fact>
    </dl>
  );
}

/** The printable statement: the loan, its balance, the schedule and every repayment. */
function Statement({ data }: { data: LoanDisk }) {
  const { loan, balance } = data;
  return (
    <div>
      <h1 style={{ fontSize: 20, fontWeight: 600 }}>Loan statement {loan.reference_code}</h1>
      <p>
        {loan.fullname} · NRC {loan.nrc} · {loan.mobile} · {loan.branch_name ?? ''}
      </p>
      <p>Printed {formatDateTime(new Date())}</p>
      {balance && <BalanceFacts b={balance} />}
      <h2 style={{ marginTop: 16, fontWeight: 600 }}>Schedule</h2>
      <ScheduleTable schedule={data.schedule} caption="Schedule" />
      <h2 style={{ marginTop: 16, fontWeight: 600 }}>Repayments</h2>
      {data.repayments.length ? <RepaymentsTable repayments={data.repayments} caption="Repayments" /> : <p>None.</p>}
    </div>
  );
}

export interface LoanBalancePanelProps {
  loanId: number;
  status: LoanStatus;
}

/**
 * The money side of a loan on its details page: balance, next instalment, days past due,
 * the schedule, the repayments and a printable statement (`GET /api/loan-disk/loanById`).
 * Requests and rejected applications are not loans: nothing is shown for them.
 */
export function LoanBalancePanel({ loanId, status }: LoanBalancePanelProps) {
  const isLoan = status === 'approved' || status === 'closed';
  const query = useGetLoanDiskQuery(loanId, { skip: !isLoan });
  const statement = useRef<HTMLDivElement>(null);
  if (!isLoan) return null;
  if (query.isError && !query.data)
    return (
      <ErrorState
        title="Could not load the balance"
        message={errorMessage(query.error, 'Please try again.')}
        onRetry={() => void query.refetch()}
      />
    );
  const data = query.data;
  if (!data)
    return (
      <Card title="Balance">
        <Skeleton lines={4} label="Loading the balance..." />
      </Card>
    );
  const b = data.balance;
  return (
    <section aria-label="Balance and schedule" className="space-y-6">
      <Card
        title={
          <span className="flex flex-wrap items-center gap-2">
            Balance
            {b && <span className={cx('rounded-full px-2.5 py-0.5 text-xs font-medium', STATE_TONE[b.state])}>{STATE_LABEL[b.state]}</span>}
          </span>
        }
        actions={
          <PrintButton target={statement} title={`Statement ${data.loan.reference_code}`} size="sm">
            Print statement
          </PrintButton>
        }
      >
        {b ? <BalanceFacts b={b} /> : <p className="text-sm text-gray-600 dark:text-gray-300">No balance yet.</p>}
      </Card>
      {/* grid-cols-1 (minmax(0, 1fr)): a wide table scrolls in its card instead of widening the page at 360 px. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title="Schedule" flush>
          {data.schedule.length ? (
            <ScheduleTable schedule={data.schedule} caption="Schedule" />
          ) : (
            <p className="p-4 text-sm text-gray-600 dark:text-gray-300">The schedule starts when the loan is disbursed.</p>
          )}
        </Card>
        <Card title="Repayments" flush>
          {data.repayments.length ? (
            <RepaymentsTable repayments={data.repayments} caption="Repayments" />
          ) : (
            <p className="p-4 text-sm text-gray-600 dark:text-gray-300">No repayments yet.</p>
          )}
        </Card>
      </div>
      <div ref={statement} hidden>
        <Statement data={data} />
      </div>
    </section>
  );
}
