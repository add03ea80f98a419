import type { CountAndAmount, DisbursementStats } from '@loan/shared-contract';
import { Card, CountUp, Icon, Skeleton } from '@loan/shared-ui';
import { formatMoney } from '@loan/shared-util-format';
import { Figure, type FigureTone } from './figure';

function Amount({ label, v, tone }: { label: string; v: CountAndAmount | undefined; tone?: FigureTone }) {
  const n = v?.count ?? 0;
  return (
    <Figure
      label={label}
      tone={tone}
      value={<CountUp value={Number(v?.amount ?? 0)} format={formatMoney} />}
      sub={`${n.toLocaleString('en-US')} ${n === 1 ? 'transaction' : 'transactions'}`}
    />
  );
}

/** Disbursement transactions by outcome, reconciliation and today's volume. */
export function DisbursementStatsCard({ data, loading }: { data: DisbursementStats | undefined; loading: boolean }) {
  return (
    <Card title={<span className="flex items-center gap-2"><Icon name="transactions" size={18} /> Disbursements</span>}>
      {loading && !data ? (
        <Skeleton lines={3} label="Loading disbursement statistics" />
      ) : (
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Amount label="All disbursements" v={data?.total} />
          <Amount label="Successful" v={data?.successful} tone="green" />
          <Amount label="Pending" v={data?.pending} tone="amber" />
          <Amount label="Failed" v={data?.failed} tone="red" />
          <Amount label="Today" v={data?.today} />
          <Figure
            label="Reconciled"
            value={<CountUp value={data?.reconciledCount ?? 0} />}
            sub={`${(data?.unreconciledCount ?? 0).toLocaleString('en-US')} not reconciled`}
          />
        </dl>
      )}
    </Card>
  );
}
