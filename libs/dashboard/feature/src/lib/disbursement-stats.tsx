import type { CountAndAmount, DisbursementStats } from '@loan/shared-contract';
import { Card, CountUp, Icon } from '@loan/shared-ui';
import { formatMoney } from '@loan/shared-util-format';
import { Figure, type FigureTone } from './figure';

const transactions = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'transaction' : 'transactions'}`;

function Amount({ label, v, tone, loading }: { label: string; v: CountAndAmount | undefined; tone?: FigureTone; loading: boolean }) {
  return (
    <Figure
      label={label}
      tone={tone}
      loading={loading}
      value={<CountUp value={Number(v?.amount ?? 0)} format={formatMoney} />}
      sub={transactions(v?.count ?? 0)}
    />
  );
}

/** Disbursement transactions by outcome, reconciliation, and today's and this month's volume. */
export function DisbursementStatsCard({ data, loading }: { data: DisbursementStats | undefined; loading: boolean }) {
  const busy = loading && !data;
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <Icon name="transactions" size={18} /> Disbursements
        </span>
      }
    >
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-busy={busy || undefined} aria-label="Disbursement statistics">
        <Amount label="All disbursements" v={data?.total} loading={busy} />
        <Amount label="Successful" v={data?.successful} tone="green" loading={busy} />
        <Amount label="Pending" v={data?.pending} tone="amber" loading={busy} />
        <Amount label="Failed" v={data?.failed} tone="red" loading={busy} />
        <Amount label="Today" v={data?.today} loading={busy} />
        <Amount label="This month" v={data?.thisMonth} loading={busy} />
        <Figure
          label="Reconciled"
          loading={busy}
          value={<CountUp value={data?.reconciledCount ?? 0} />}
          sub={`${(data?.unreconciledCount ?? 0).toLocaleString('en-US')} not reconciled`}
        />
      </dl>
    </Card>
  );
}
