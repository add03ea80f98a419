import { lazy, Suspense, useEffect, useState } from 'react';
import type { ApexOptions } from 'apexcharts';
import { Skeleton } from './skeleton';

// The chart library is loaded only when a chart is drawn: it stays out of the portal's
// initial bundle and out of the first paint of the screens that show charts.
const ReactApexChart = lazy(() => import('react-apexcharts'));

export const CHART_LOADING_TEXT = 'Loading chart data...';
export const CHART_EMPTY_TEXT = 'No chart data available';

function isDark(): boolean {
  return typeof document !== 'undefined' && document.documentElement.classList.contains('dark');
}

/**
 * Whether the `dark` class is on <html> (the shell sets it from the stored preference).
 * Charts draw on a canvas of their own and need the colours in JavaScript.
 */
export function useDarkMode(): boolean {
  const [dark, setDark] = useState(isDark);
  useEffect(() => {
    const observer = new MutationObserver(() => setDark(isDark()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return dark;
}

/** Colours of a chart's frame (text, grid, tooltip) in the current mode. */
export function chartFrame(dark: boolean): ApexOptions {
  return {
    chart: { toolbar: { show: false }, zoom: { enabled: false }, background: 'transparent', fontFamily: 'inherit', foreColor: dark ? '#cbd5e1' : '#4b5563' },
    theme: { mode: dark ? 'dark' : 'light' },
    grid: { borderColor: dark ? '#334155' : '#e5e7eb' },
    tooltip: { theme: dark ? 'dark' : 'light' },
  };
}

export function ChartLoading({ height = 288 }: { height?: number }) {
  return (
    <div className="flex flex-col justify-center gap-3" style={{ height }} role="status">
      <p className="text-center text-sm text-gray-500 dark:text-gray-400">{CHART_LOADING_TEXT}</p>
      <Skeleton lines={4} label={CHART_LOADING_TEXT} />
    </div>
  );
}

export interface LazyChartProps {
  type: 'line' | 'bar' | 'area';
  series: ApexOptions['series'];
  options: ApexOptions;
  height?: number;
  /** For tests and e2e: `data-testid` of the drawing. */
  testId?: string;
}

/**
 * An apexcharts chart loaded on first draw (the one wrapper every screen's chart goes
 * through). The drawing is hidden from screen readers: put the figures in a table beside it.
 */
export function LazyChart({ type, series, options, height = 288, testId }: LazyChartProps) {
  return (
    <Suspense fallback={<ChartLoading height={height} />}>
      <div style={{ height }} data-testid={testId} aria-hidden="true">
        <ReactApexChart type={type} height={height} width="100%" series={series} options={options} />
      </div>
    </Suspense>
  );
}
