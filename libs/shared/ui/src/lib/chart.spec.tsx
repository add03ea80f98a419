import { act, render, screen } from '@testing-library/react';
import { renderHook } from '@testing-library/react';
import { ChartLoading, LazyChart, chartFrame, useDarkMode } from './chart';

const drawn: { type: string; series: unknown }[] = [];
jest.mock('react-apexcharts', () => ({
  __esModule: true,
  default: (props: { type: string; series: unknown }) => {
    drawn.push(props);
    return <div data-testid="apex" />;
  },
}));

describe('LazyChart', () => {
  it('loads the chart library on first draw and passes the chart on', async () => {
    render(<LazyChart type="bar" series={[{ name: 'Count', data: [1, 2] }]} options={{}} testId="c" />);
    expect(await screen.findByTestId('apex')).toBeInTheDocument();
    expect(screen.getByTestId('c')).toHaveAttribute('aria-hidden', 'true');
    expect(drawn.at(-1)).toMatchObject({ type: 'bar', series: [{ name: 'Count', data: [1, 2] }] });
  });

  it('says it is loading', () => {
    render(<ChartLoading />);
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading chart data...');
  });

  it('follows the dark class of the page and frames the chart for it', async () => {
    const { result } = renderHook(() => useDarkMode());
    expect(result.current).toBe(false);
    await act(async () => {
      document.documentElement.classList.add('dark');
      await Promise.resolve();
    });
    expect(result.current).toBe(true);
    document.documentElement.classList.remove('dark');
    expect(chartFrame(true).theme?.mode).toBe('dark');
  });
});
