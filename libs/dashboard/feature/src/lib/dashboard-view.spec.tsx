import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import type { ApexOptions } from 'apexcharts';
import { DASHBOARD_PATHS, emptyCountsByMonth } from '@loan/shared-contract';
import { renderWithProviders } from '@loan/shared-data-access-api/testing';
import { formatTime } from '@loan/shared-util-format';
import { DashboardView } from './dashboard-view';
import { lastMonthWithData } from './monthly-chart';
import { chartStats, countOf, dailyCards, dashboardHandlers, requests } from '@loan/dashboard-data-access/testing';

// The chart is drawn by apexcharts in a browser; here we capture what it is given.
let chartProps: { options: ApexOptions; series: { name: string; data: number[] }[]; type: string } | null = null;
jest.mock('react-apexcharts', () => ({
  __esModule: true,
  default: (props: NonNullable<typeof chartProps>) => {
    chartProps = props;
    return <div data-testid="apex-chart">{props.series.map((s) => s.name).join(',')}</div>;
  },
}));

// The first render loads the whole screen's modules; a busy machine needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
  chartProps = null;
});
afterAll(() => server.close());

const year = String(new Date().getFullYear());
const caption = () => screen.getByTestId('period-caption');

async function renderView() {
  const user = userEvent.setup();
  const view = renderWithProviders(<DashboardView />);
  await screen.findByText('ZMW 12,500.05');
  return { user, ...view };
}

it('loads yesterday by default with the caption up to the time of the figures', async () => {
  server.use(...dashboardHandlers());
  await renderView();
  expect(screen.getByRole('heading', { name: 'Overview' })).toBeInTheDocument();
  expect(caption()).toHaveTextContent(`From yesterday to ${formatTime(dailyCards.to)} today`);
  expect(screen.getByRole('button', { name: 'Yesterday' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.queryByLabelText('Month')).not.toBeInTheDocument();
  expect(countOf(DASHBOARD_PATHS.dailyCardStats)).toBe(1);
  expect(countOf(DASHBOARD_PATHS.monthlyCardStats)).toBe(0);
  // No month chosen: offer stats and the chart are asked with an empty payload.
  expect(requests).toContain(DASHBOARD_PATHS.offerLetterCardStats);
  expect(requests).toContain(DASHBOARD_PATHS.monthlyChartStats);
});

it('counts the card figures up to their exact values', async () => {
  server.use(...dashboardHandlers());
  renderWithProviders(<DashboardView />);
  const requestsCard = (await screen.findByRole('heading', { name: 'Application Requests' })).closest('section') as HTMLElement;
  // The animation starts from zero and ends on the exact figures after 500 ms.
  await waitFor(() => expect(within(requestsCard).getByText(/^ZMW /).textContent).not.toBe('ZMW 0.00'));
  await waitFor(() => expect(within(requestsCard).getByText('ZMW 12,500.05')).toBeInTheDocument());
  expect(within(requestsCard).getByText('3 applications')).toBeInTheDocument();
  expect(await screen.findByText('ZMW 2,345,678.90')).toBeInTheDocument();
  expect(await screen.findByText('12 applications')).toBeInTheDocument();
  expect(screen.getByText('1 application')).toBeInTheDocument();
  const offers = screen.getByRole('region', { name: 'Loan Offer Stats' });
  await waitFor(() => expect(within(offers).getByText('41')).toBeInTheDocument());
  expect(within(offers).getByText('5')).toBeInTheDocument();
  expect(within(offers).getByText('2')).toBeInTheDocument();
});

it('By Month shows the month select and captions the chosen month; offer stats get the month only when one is chosen', async () => {
  server.use(...dashboardHandlers());
  const { user } = await renderView();
  await user.click(screen.getByRole('button', { name: 'By Month' }));
  const select = screen.getByLabelText('Month');
  expect(select).toHaveValue('');
  expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
    'All Months', 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
  ]);
  expect(within(select).getAllByRole('option').map((o) => (o as HTMLOptionElement).value).slice(1)).toEqual([
    '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12',
  ]);
  expect(caption()).toHaveTextContent(`For All Months ${year}`);
  await waitFor(() => expect(requests).toContain(`${DASHBOARD_PATHS.monthlyCardStats}?year=${year}`));

  await user.selectOptions(select, '03');
  expect(caption()).toHaveTextContent(`For March ${year}`);
  await screen.findByText('ZMW 777.70');
  expect(requests).toContain(`${DASHBOARD_PATHS.monthlyCardStats}?month=03&year=${year}`);
  expect(requests).toContain(`${DASHBOARD_PATHS.monthlyChartStats}?month=03&year=${year}`);
  expect(requests).toContain(`${DASHBOARD_PATHS.offerLetterCardStats}?month=03&year=${year}`);
  expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
});

it('choosing Yesterday clears the month, and every change reloads', async () => {
  server.use(...dashboardHandlers());
  const { user } = await renderView();
  await user.click(screen.getByRole('button', { name: 'By Month' }));
  await user.selectOptions(screen.getByLabelText('Month'), '03');
  await screen.findByText('ZMW 777.70');
  const smsBefore = countOf(DASHBOARD_PATHS.smsStats);

  await user.click(screen.getByRole('button', { name: 'Yesterday' }));
  expect(screen.queryByLabelText('Month')).not.toBeInTheDocument();
  expect(caption()).toHaveTextContent(/^From yesterday to \d\d:\d\d today$/);
  // The daily figures were cached, and are asked again all the same.
  await waitFor(() => expect(countOf(DASHBOARD_PATHS.dailyCardStats)).toBe(2));
  await waitFor(() => expect(countOf(DASHBOARD_PATHS.smsStats)).toBe(smsBefore + 1));

  await user.click(screen.getByRole('button', { name: 'By Month' }));
  expect(screen.getByLabelText('Month')).toHaveValue('');
  expect(caption()).toHaveTextContent(`For All Months ${year}`);
});

it('skips a refresh while a reload is running', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  server.use(...dashboardHandlers());
  const { user } = await renderView();
  server.use(...dashboardHandlers({ gate }));
  await user.click(screen.getByRole('button', { name: 'By Month' }));
  const refresh = screen.getByRole('button', { name: 'Refresh' });
  await waitFor(() => expect(refresh).toHaveAttribute('aria-busy', 'true'));
  const before = requests.length;
  await user.click(refresh);
  await user.click(refresh);
  expect(requests.length).toBe(before);
  release();
  await waitFor(() => expect(refresh).not.toHaveAttribute('aria-busy'));
  await user.click(refresh);
  await waitFor(() => expect(countOf(`${DASHBOARD_PATHS.monthlyCardStats}?year=`)).toBe(2));
  expect(countOf(DASHBOARD_PATHS.smsStats)).toBeGreaterThanOrEqual(3);
});

it('plots Requests in blue and Closed in green with the legend hidden and smooth lines', async () => {
  server.use(...dashboardHandlers({ chart: chartStats(year) }));
  await renderView();
  expect(await screen.findByTestId('apex-chart')).toHaveTextContent('Requests,Closed');
  expect(chartProps?.type).toBe('line');
  // Months of the current year still to come are left out (null), not drawn as zeros.
  const last = lastMonthWithData(year, new Date());
  const upTo = (xs: number[]) => xs.map((n, i) => (i <= last ? n : null));
  expect(chartProps?.series[0]).toEqual({ name: 'Requests', data: upTo([4, 0, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0]) });
  expect(chartProps?.series[1]).toEqual({ name: 'Closed', data: upTo([1, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0]) });
  expect(chartProps?.options.colors).toEqual(['#2563eb', '#16a34a']);
  expect(chartProps?.options.legend?.show).toBe(false);
  expect(chartProps?.options.stroke?.curve).toBe('smooth');
  expect(chartProps?.options.annotations?.xaxis).toEqual([]);
});

it('marks the chosen month on the chart and gives screen readers the figures as a table', async () => {
  // Last year: every month has figures, whatever the date today.
  const lastYear = String(Number(year) - 1);
  server.use(...dashboardHandlers({ chart: { ...chartStats(lastYear), selected_month: '03' } }));
  await renderView();
  await screen.findByTestId('apex-chart');
  expect(chartProps?.options.annotations?.xaxis?.[0]).toMatchObject({ x: 'Mar', label: { text: 'March' } });
  const table = screen.getByRole('table', { name: `Applications per month, ${lastYear}` });
  expect(within(table).getAllByRole('row')).toHaveLength(13);
  expect(within(table).getByRole('row', { name: 'March 9 5' })).toBeInTheDocument();
});

it("shows 'Loading chart data...' while the chart loads and 'No chart data available' when it is empty", async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  server.use(...dashboardHandlers({ gate, chart: { applications: emptyCountsByMonth(), topUps: emptyCountsByMonth(), selected_month: null, year } }));
  renderWithProviders(<DashboardView />);
  expect(await screen.findByText('Loading chart data...')).toBeInTheDocument();
  release();
  expect(await screen.findByText('No chart data available')).toBeInTheDocument();
  expect(screen.queryByText('Loading chart data...')).not.toBeInTheDocument();
  expect(screen.queryByTestId('apex-chart')).not.toBeInTheDocument();
});

it('only logs failures: no message is shown', async () => {
  // The shared logger stays quiet under jest unless api debugging is switched on.
  localStorage.setItem('debug:api', '1');
  const debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  server.use(...dashboardHandlers({ status: 500 }));
  renderWithProviders(<DashboardView />);
  await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining(DASHBOARD_PATHS.dailyCardStats), expect.anything()));
  expect(await screen.findByText('No chart data available')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  warn.mockRestore();
  debug.mockRestore();
  localStorage.removeItem('debug:api');
});

it('knows which months of a year have begun', () => {
  const now = new Date(2026, 10, 21);
  expect(lastMonthWithData('2026', now)).toBe(10);
  expect(lastMonthWithData('2025', now)).toBe(11);
  expect(lastMonthWithData('2027', now)).toBe(-1);
});
