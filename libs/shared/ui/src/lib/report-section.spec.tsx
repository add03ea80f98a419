import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReportSection, type ReportDescriptor } from './report-section';

jest.mock('react-apexcharts', () => ({ __esModule: true, default: (p: { type: string }) => <div data-testid={`apex-${p.type}`} /> }));

interface Row {
  name: string;
  n: number;
}
const report: ReportDescriptor<Row[], Row> = {
  title: 'Things',
  description: (d) => `${d.length} things`,
  isEmpty: (d) => d.length === 0,
  emptyMessage: 'No things for these filters.',
  loadingHeight: 100,
  layout: 'side',
  chart: { id: 'things', testId: 'things-chart', colors: ['#000'], values: 'count', height: 100, categories: (d) => d.map((r) => r.name), series: (d) => [{ name: 'N', data: d.map((r) => r.n) }] },
  table: {
    caption: 'Things by name',
    rows: (d) => [...d, { name: 'All', n: d.reduce((s, r) => s + r.n, 0) }],
    rowKey: (r) => r.name,
    isTotal: (r) => r.name === 'All',
    columns: [
      { header: 'Name', cell: (r) => r.name },
      { header: 'Count', align: 'right', cell: (r) => r.n },
    ],
  },
};

it('draws the descriptor: title, description, chart and its table (totals last) in a focusable region', async () => {
  render(<ReportSection report={report} state={{ data: [{ name: 'a', n: 2 }, { name: 'b', n: 3 }], loading: false, onRetry: jest.fn() }} actions={<button>Get</button>} />);
  expect(screen.getByRole('heading', { name: 'Things' })).toBeInTheDocument();
  expect(screen.getByText('2 things')).toBeInTheDocument();
  expect(await screen.findByTestId('things-chart')).toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Things by name' });
  expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['NameCount', 'a2', 'b3', 'All5']);
  expect(within(table).getByRole('rowheader', { name: 'All' }).closest('tr')).toHaveClass('font-semibold');
  expect(screen.getByRole('region', { name: 'Things by name' })).toHaveAttribute('tabindex', '0');
});

it('shows loading, empty and error (with retry) states', async () => {
  const onRetry = jest.fn();
  const { rerender } = render(<ReportSection report={report} state={{ loading: true, onRetry }} />);
  expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading chart data...');
  rerender(<ReportSection report={report} state={{ data: [], loading: false, onRetry }} />);
  expect(screen.getByText('No things for these filters.')).toBeInTheDocument();
  rerender(<ReportSection report={report} state={{ loading: false, error: 'Down', onRetry }} />);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Down');
  await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(onRetry).toHaveBeenCalled();
});
