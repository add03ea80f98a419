import type { CardStats } from '@loan/shared-contract';
import { CountUp, Icon, StatCard, type StatTone } from '@loan/shared-ui';
import { formatMoney } from '@loan/shared-util-format';
import { Pulse } from './pulse';

const CARDS: ReadonlyArray<{
  title: string;
  money: keyof CardStats;
  count: keyof CardStats;
  tone: StatTone;
  icon: 'inbox' | 'close' | 'check';
}> = [
  { title: 'Application Requests', money: 'applicationsRequestsMoney', count: 'applicationsRequestsCount', tone: 'blue', icon: 'inbox' },
  { title: 'Application Rejected', money: 'applicationsRejectedMoney', count: 'applicationsRejectedCount', tone: 'red', icon: 'close' },
  { title: 'Application Approved', money: 'applicationsApprovedMoney', count: 'applicationsApprovedCount', tone: 'green', icon: 'check' },
];

const countLabel = (n: number) => `${Math.round(n).toLocaleString('en-US')} ${Math.round(n) === 1 ? 'application' : 'applications'}`;

/** The three application cards: a ZMW amount and a count each, counting up on display. */
export function ApplicationCards({ data, loading }: { data: CardStats | undefined; loading: boolean }) {
  const busy = loading && !data;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      {CARDS.map((c) => (
        <div key={c.title} aria-busy={busy || undefined}>
          <StatCard
            title={c.title}
            tone={c.tone}
            className="h-full"
            icon={<Icon name={c.icon} size={22} />}
            value={busy ? <Pulse line="2xl" width="w-36" /> : <CountUp value={Number(data?.[c.money] ?? 0)} format={formatMoney} />}
            caption={busy ? <Pulse line="sm" /> : <CountUp value={Number(data?.[c.count] ?? 0)} format={countLabel} />}
          />
        </div>
      ))}
    </div>
  );
}
