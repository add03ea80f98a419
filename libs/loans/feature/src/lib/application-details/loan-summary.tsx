import { monthlyInstalment as instalmentOf, toNgwee, type LoanApplication } from '@loan/shared-contract';
import { Card, Fact, Money } from '@loan/shared-ui';
import { formatDateTime } from '@loan/shared-util-format';
import { Link } from 'react-router-dom';

/** Equal monthly instalment of a flat-rate loan: the one rule of the contract (rounded up to the ngwee, as the schedule). */
export function monthlyInstalment(row: Pick<LoanApplication, 'total_amount_due' | 'tenure_months'>): string {
  return instalmentOf(row.total_amount_due, row.tenure_months);
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

/**
 * When the loan was submitted and what happened since, with who and when: its status
 * changes and its offer letters' events come from the audit trail (`relations=history`).
 */
export function StatusHistory({ row }: { row: LoanApplication }) {
  const events: { key: string; label: string; at: string; actor: string | null; detail: string | null }[] = [
    { key: 'submitted', label: 'Submitted', at: row.created_at, actor: row.kind === 'topup' ? null : 'the borrower', detail: null },
    ...(row.history ?? []).map((h, i) => ({ key: `${h.action}-${i}`, label: h.label, at: h.at, actor: h.actor, detail: h.action === 'rejected' ? h.detail : null })),
  ];
  // Older answers carry only the stamps: show them when the trail has nothing.
  if (!row.history) {
    for (const [label, at] of [
      ['Approved', row.approved_at],
      ['Rejected', row.rejected_at],
      ['Closed', row.closed_at],
    ] as const) {
      if (at) events.push({ key: label, label, at, actor: null, detail: null });
    }
  }
  const letter = row.offerLetter;
  return (
    <Card title="Status history">
      <ol className="space-y-3" aria-label="Status history">
        {events.map((e) => (
          <li key={e.key} className="text-sm">
            <div className="flex flex-wrap justify-between gap-x-3">
              <span className="font-medium">{e.label}</span>
              <time dateTime={e.at} className="text-gray-600 dark:text-gray-300">
                {formatDateTime(e.at)}
              </time>
            </div>
            {e.actor && <p className="text-gray-600 dark:text-gray-300">by {e.actor}</p>}
            {e.detail && <p className="break-words text-gray-600 dark:text-gray-300">Reason: {e.detail}</p>}
          </li>
        ))}
        <li className="flex flex-wrap justify-between gap-2 border-t border-gray-100 pt-2 text-sm dark:border-slate-700">
          <span className="font-medium">Offer letter</span>
          {letter ? (
            <Link to={`/loans/applications/offer-letter/${letter.id}`} className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
              {`${letter.status[0].toUpperCase()}${letter.status.slice(1)} (generated ${formatDateTime(letter.created_at)})`}
            </Link>
          ) : (
            <span className="text-gray-600 dark:text-gray-300">None yet</span>
          )}
        </li>
      </ol>
    </Card>
  );
}
