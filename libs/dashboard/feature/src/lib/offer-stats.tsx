import type { LoanOfferStats } from '@loan/shared-contract';
import { CountUp, Icon, StatCard, SectionTitleBar } from '@loan/shared-ui';
import { Pulse } from './pulse';

/** 'Loan Offer Stats': Pending, Expired and Signed offer letters (spec §2). */
export function OfferStats({ data, loading }: { data: LoanOfferStats | undefined; loading: boolean }) {
  const busy = loading && !data;
  return (
    <section aria-labelledby="offer-stats-title" className="space-y-3">
      <div id="offer-stats-title">
        <SectionTitleBar as="h2" title="Loan Offer Stats" />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-busy={busy || undefined}>
        <StatCard title="Pending" tone="amber" icon={<Icon name="clock" size={22} />} value={busy ? <Pulse line="2xl" width="w-16" /> : <CountUp value={data?.pendingCount ?? 0} />} />
        <StatCard title="Expired" tone="red" icon={<Icon name="alert" size={22} />} value={busy ? <Pulse line="2xl" width="w-16" /> : <CountUp value={data?.expiredCount ?? 0} />} />
        <StatCard title="Signed" tone="green" icon={<Icon name="check" size={22} />} value={busy ? <Pulse line="2xl" width="w-16" /> : <CountUp value={data?.signedCount ?? 0} />} />
      </div>
    </section>
  );
}
