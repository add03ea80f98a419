import { fromNgwee, toNgwee, type LoanApplication } from '@loan/shared-contract';
import { Card, Money } from '@loan/shared-ui';
import { formatDateTime } from '@loan/shared-util-format';
import type { ReactNode } from 'react';

/** Equal monthly instalment of a flat-rate loan: total due over the tenure, rounded to the ngwee. */
export function monthlyInstalment(row: Pick<LoanApplication, 'total_amount_due' | 'tenure_months'>): string {
  const months = BigInt(Math.max(1, row.tenure_months));
  const total = toNgwee(row.total_amount_due);
  return fromNgwee((total + months / 2n) / months);
}

/**
 * The flat rate a month (the product's rate, NOTES.md: the calculator's flat monthly rate),
 * in percent with up to two decimals ('5', '4.25'): interest over amount over the tenure.
 */
export function flatRate(row: Pick<LoanApplication, 'amount' | 'interest' | 'tenure_months'>): string | null {
  const amount = toNgwee(row.amount);
  if (amount === 0n || row.tenure_months < 1) return null;
  const basisPoints = Number((toNgwee(row.interest) * 10000n) / (amount * BigInt(row.tenure_months)));
  return String(basisPoints / 100);
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-gray-900 dark:text-gray-100">{children}</dd>
    </div>
  );
}

const grid = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

/** The client, the amounts and the loan's other facts. */
export function LoanSummary({ row }: { row: LoanApplication }) {
  const rate = flatRate(row);
  const client = row.client;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Client">
        <dl className={grid}>
          <Fact label="Name">{client?.fullname ?? row.fullname}</Fact>
          <Fact label="NRC">{client?.nrc ?? row.nrc}</Fact>
          <Fact label="Mobile">{row.mobile}</Fact>
          <Fact label="Employer">{row.employer || '—'}</Fact>
          <Fact label="Branch">{row.branch || '—'}</Fact>
          <Fact label="Purpose">{row.purpose || '—'}</Fact>
        </dl>
      </Card>
      <Card title="Loan">
        <dl className={grid}>
          <Fact label="Amount">
            <Money value={row.amount} />
          </Fact>
          <Fact label="Interest">
            <Money value={row.interest} />
          </Fact>
          <Fact label="Total due">
            <Money value={row.total_amount_due} />
          </Fact>
          <Fact label="Tenure">
            {row.tenure_months} month{row.tenure_months === 1 ? '' : 's'}
          </Fact>
          <Fact label="Rate (flat, a month)">{rate === null ? '—' : `${rate}%`}</Fact>
          <Fact label="Monthly instalment">
            <Money value={monthlyInstalment(row)} />
          </Fact>
        </dl>
      </Card>
    </div>
  );
}

/** When the loan was submitted and changed status (the api gives the times; who is in the comments and the audit trail). */
export function StatusHistory({ row }: { row: LoanApplication }) {
  const steps = [
    { label: 'Submitted', at: row.created_at },
    { label: 'Approved', at: row.approved_at },
    { label: 'Rejected', at: row.rejected_at },
    { label: 'Closed', at: row.closed_at },
  ].filter((s): s is { label: string; at: string } => !!s.at);
  const letter = row.offerLetter;
  return (
    <Card title="Status history">
      <ol className="space-y-2" aria-label="Status history">
        {steps.map((s) => (
          <li key={s.label} className="flex flex-wrap justify-between gap-2 text-sm">
            <span className="font-medium">{s.label}</span>
            <time dateTime={s.at} className="text-gray-600 dark:text-gray-300">
              {formatDateTime(s.at)}
            </time>
          </li>
        ))}
        <li className="flex flex-wrap justify-between gap-2 text-sm">
          <span className="font-medium">Offer letter</span>
          <span className="text-gray-600 dark:text-gray-300">
            {letter ? `${letter.status[0].toUpperCase()}${letter.status.slice(1)} (generated ${formatDateTime(letter.created_at)})` : 'None yet'}
          </span>
        </li>
      </ol>
    </Card>
  );
}
