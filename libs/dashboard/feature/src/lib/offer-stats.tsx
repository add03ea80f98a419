import type { LoanOfferStats } from '@loan/shared-contract';
import { CountUp, Icon, StatCard, SectionTitleBar } from '@loan/shared-ui';

/** 'Loan Offer Stats': Pending, Expired and Signed offer letters (spec §2). */
export function OfferStats({ data, loading }: { data: LoanOfferStats | undefined; loading: boolean }) {
  const busy = loading && !data;
  return (
    <section aria-labelledby="offer-stats-title" className="space-y-3">
      <div id="offer-stats-title">
        <SectionTitleBar as="h2" title="Loan Offer Stats" />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <StatCard title="Pending" tone="amber" loading={busy} icon={<Icon name="clock" size={22} />} value={<CountUp value={data?.pendingCount ?? 0} />} />
        <StatCard title="Expired" tone="red" loading={busy} icon={<Icon name="alert" size={22} />} value={<CountUp value={data?.expiredCount ?? 0} />} />
        <StatCard title="Signed" tone="green" loading={busy} icon={<Icon name="check" size={22} />} value={<CountUp value={data?.signedCount ?? 0} />} />
      </div>
    </section>
  );
}
