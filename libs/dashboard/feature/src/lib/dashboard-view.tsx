import { useState } from 'react';
import type { DashboardMonth } from '@loan/shared-contract';
import {
  useGetDailyCardStatsQuery,
  useGetDisbursementStatsQuery,
  useGetMonthlyCardStatsQuery,
  useGetMonthlyChartStatsQuery,
  useGetOfferLetterCardStatsQuery,
  useGetSmsStatsQuery,
} from '@loan/dashboard-data-access';
import { Button, Icon, PageSection, SectionTitleBar, cx } from '@loan/shared-ui';
import { MONTH_OPTIONS, periodCaption, type FilterState } from './dashboard-filters';
import { ApplicationCards } from './application-cards';
import { OfferStats } from './offer-stats';
import { MonthlyChart } from './monthly-chart';
import { SmsStatsCard } from './sms-stats';
import { DisbursementStatsCard } from './disbursement-stats';

// Spec §2: any change of filter or month reloads, even when the answer is cached.
const RELOAD = { refetchOnMountOrArgChange: true } as const;

function FilterButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cx(
        'px-3 py-1.5 text-sm font-medium transition-colors first:rounded-l-md last:rounded-r-md',
        'focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400',
        pressed
          ? 'bg-blue-600 text-white'
          : 'bg-white text-gray-700 hover:bg-gray-50 dark:bg-slate-800 dark:text-gray-200 dark:hover:bg-slate-700',
      )}
    >
      {children}
    </button>
  );
}

export interface DashboardViewProps {
  /** The disbursements card and its call: only for users holding the transactions permission (the page decides). */
  disbursementStats?: boolean;
}

/** The dashboard's content; the page shows it only with `view main dashboard`. */
export function DashboardView({ disbursementStats = true }: DashboardViewProps) {
  const [state, setState] = useState<FilterState>(() => ({
    filter: 'yesterday',
    month: '',
    year: String(new Date().getFullYear()),
  }));
  const byMonth = state.filter === 'month';
  const monthArgs = { month: state.month, year: state.year };

  const daily = useGetDailyCardStatsQuery(undefined, { ...RELOAD, skip: byMonth });
  const monthly = useGetMonthlyCardStatsQuery(monthArgs, { ...RELOAD, skip: !byMonth });
  const chart = useGetMonthlyChartStatsQuery(byMonth ? monthArgs : undefined, RELOAD);
  // Spec §7: an empty payload unless one month is chosen.
  const offers = useGetOfferLetterCardStatsQuery(
    byMonth && state.month ? { month: state.month, year: state.year } : undefined,
    RELOAD,
  );
  const sms = useGetSmsStatsQuery(undefined, RELOAD);
  const disbursements = useGetDisbursementStatsQuery(undefined, { ...RELOAD, skip: !disbursementStats });

  const cards = byMonth ? monthly : daily;
  const active = [cards, chart, offers, sms, ...(disbursementStats ? [disbursements] : [])];
  const reloading = active.some((q) => q.isFetching);

  /** Reloads everything unless a reload is already running (spec §2). */
  const reload = () => {
    if (reloading) return;
    active.forEach((q) => void q.refetch());
  };
  // Queries whose arguments do not change with the filter still reload with it.
  const reloadUnchanged = () => {
    if (!sms.isFetching) void sms.refetch();
    if (disbursementStats && !disbursements.isFetching) void disbursements.refetch();
  };

  const chooseYesterday = () => {
    if (state.filter === 'yesterday') return;
    setState((s) => ({ ...s, filter: 'yesterday', month: '' }));
    reloadUnchanged();
  };
  const chooseMonth = () => {
    if (state.filter === 'month') return;
    setState((s) => ({ ...s, filter: 'month' }));
    reloadUnchanged();
  };
  const chooseMonthCode = (month: DashboardMonth | '') => {
    if (month === state.month) return;
    setState((s) => ({ ...s, month }));
    reloadUnchanged();
  };

  const caption = periodCaption(state, (!byMonth && daily.data?.to) || new Date());

  return (
    <PageSection>
      <SectionTitleBar
        title="Overview"
        subtitle={<span data-testid="period-caption">{caption}</span>}
        actions={
          <div className="flex flex-wrap items-end gap-2">
            <div
              role="group"
              aria-label="Period"
              className="inline-flex divide-x divide-gray-300 rounded-md border border-gray-300 dark:divide-slate-600 dark:border-slate-600"
            >
              <FilterButton pressed={!byMonth} onClick={chooseYesterday}>
                Yesterday
              </FilterButton>
              <FilterButton pressed={byMonth} onClick={chooseMonth}>
                By Month
              </FilterButton>
            </div>
            {byMonth && (
              <>
                <label className="sr-only" htmlFor="dashboard-month">
                  Month
                </label>
                <select
                  id="dashboard-month"
                  value={state.month}
                  onChange={(e) => chooseMonthCode(e.target.value as DashboardMonth | '')}
                  className="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none dark:border-slate-600 dark:bg-slate-900 dark:text-gray-100 dark:focus:ring-blue-900"
                >
                  {MONTH_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={reload}
                  aria-label="Refresh"
                  aria-busy={reloading || undefined}
                  icon={
                    <Icon name="refresh" size={16} className={reloading ? 'animate-spin motion-reduce:animate-none' : undefined} />
                  }
                >
                  <span className="hidden sm:inline">Refresh</span>
                </Button>
              </>
            )}
          </div>
        }
      />

      <ApplicationCards data={cards.data} loading={cards.isLoading || cards.isFetching} />
      <OfferStats data={offers.data} loading={offers.isLoading} />
      <MonthlyChart data={chart.data} loading={chart.isLoading || (chart.isFetching && !chart.data)} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <SmsStatsCard data={sms.data} loading={sms.isLoading} />
        {disbursementStats && <DisbursementStatsCard data={disbursements.data} loading={disbursements.isLoading} />}
      </div>
    </PageSection>
  );
}
