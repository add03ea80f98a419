import type { SmsStats } from '@loan/shared-contract';
import { Card, CountUp, Icon } from '@loan/shared-ui';
import { Figure, type FigureTone } from './figure';

const FIGURES: ReadonlyArray<{ label: string; key: keyof SmsStats; tone?: FigureTone }> = [
  { label: 'Total', key: 'totalCount' },
  { label: 'Sent', key: 'sentCount', tone: 'green' },
  { label: 'Failed', key: 'failedCount', tone: 'red' },
  { label: 'Pending', key: 'pendingCount', tone: 'amber' },
  { label: 'Today', key: 'todayCount' },
  { label: 'This month', key: 'thisMonthCount' },
];

/** SMS statistics of the outbox: delivery states and recent volume. */
export function SmsStatsCard({ data, loading }: { data: SmsStats | undefined; loading: boolean }) {
  const busy = loading && !data;
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <Icon name="message" size={18} /> SMS
        </span>
      }
    >
      <dl className="grid grid-cols-2 gap-3" aria-busy={busy || undefined} aria-label="SMS statistics">
        {FIGURES.map((f) => (
          <Figure key={f.key} label={f.label} tone={f.tone} loading={busy} value={<CountUp value={data?.[f.key] ?? 0} />} />
        ))}
      </dl>
    </Card>
  );
}
