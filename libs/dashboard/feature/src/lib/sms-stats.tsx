import type { SmsStats } from '@loan/shared-contract';
import { Card, CountUp, Icon, Skeleton } from '@loan/shared-ui';
import { Figure } from './figure';

/** SMS statistics of the outbox: delivery states and recent volume. */
export function SmsStatsCard({ data, loading }: { data: SmsStats | undefined; loading: boolean }) {
  return (
    <Card title={<span className="flex items-center gap-2"><Icon name="message" size={18} /> SMS</span>}>
      {loading && !data ? (
        <Skeleton lines={3} label="Loading SMS statistics" />
      ) : (
        <dl className="grid grid-cols-2 gap-3">
          <Figure label="Total" value={<CountUp value={data?.totalCount ?? 0} />} />
          <Figure label="Sent" tone="green" value={<CountUp value={data?.sentCount ?? 0} />} />
          <Figure label="Failed" tone="red" value={<CountUp value={data?.failedCount ?? 0} />} />
          <Figure label="Pending" tone="amber" value={<CountUp value={data?.pendingCount ?? 0} />} />
          <Figure label="Today" value={<CountUp value={data?.todayCount ?? 0} />} />
          <Figure label="This month" value={<CountUp value={data?.thisMonthCount ?? 0} />} />
        </dl>
      )}
    </Card>
  );
}
