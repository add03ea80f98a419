import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { P, REPORTS_PATHS } from '@loan/shared-contract';
import { lastRequest, requestLog, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { reportDownloadFailed, reportsHandlers, reportsVariants } from '@loan/reports-data-access/testing';
import { ReportsPage } from './reports-page';

jest.mock('react-apexcharts', () => ({ __esModule: true, default: (p: { type: string }) => <div data-testid={`apex-${p.type}`} /> }));

const server = setupApiServer(...reportsHandlers);

const open = (route = '/reports') => renderScreen(<ReportsPage />, { permissions: [P.viewReportsModule], route });

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

it('shows the closed unsigned loans by branch, their page, the offer letters and the funnel, with no filter sent', async () => {
  open();
  const byBranch = await screen.findByRole('table', { name: 'Closed unsigned loans by branch' });
  expect(within(byBranch).getByRole('row', { name: /Ndola 7 ZMW 36,750.50/ })).toBeInTheDocument();
  // The total is summed exactly: 27,750.00 + 35,000.00 + 36,750.50.
  expect(within(byBranch).getByRole('row', { name: /All branches 20 ZMW 99,500.50/ })).toBeInTheDocument();
  expect(await screen.findByTestId('closed-unsigned-chart')).toBeInTheDocument();
  const loans = await screen.findByRole('table', { name: 'Closed unsigned loans' });
  expect(await within(loans).findByText('LA-2026-000001')).toBeInTheDocument();
  const letters = await screen.findByRole('table', { name: 'Offer letters per month' });
  expect(within(letters).getByRole('row', { name: 'Mar 2026 1 2 0 3 15.0 h' })).toBeInTheDocument();
  expect(within(letters).getByRole('row', { name: 'All months 1 2 2 5 15.0 h' })).toBeInTheDocument();
  const par = await screen.findByRole('table', { name: 'Portfolio at risk by branch' });
  expect(within(par).getByRole('row', { name: /^Lusaka 3 4,200.00 1,000.00 1,200.00 2,000.00 0.00 0.00 47.6% 0.0% 0.0%$/ })).toBeInTheDocument();
  expect(within(par).getByRole('row', { name: /^All branches 4 7,800.00 .* 71.8% 46.2% 46.2%$/ })).toBeInTheDocument();
  expect(screen.getByTestId('par-chart')).toBeInTheDocument();
  const collections = await screen.findByRole('table', { name: 'Collections per month and branch' });
  expect(within(collections).getByRole('row', { name: 'Mar 2026 All branches ZMW 300.00 ZMW 250.00 83.3%' })).toBeInTheDocument();
  const cash = await screen.findByRole('table', { name: 'Disbursed and repaid per month' });
  expect(within(cash).getByRole('row', { name: 'All months ZMW 1,800.00 2 ZMW 350.00 3' })).toBeInTheDocument();
  const funnel = await screen.findByRole('table', { name: 'Applications funnel' });
  expect(within(funnel).getByRole('row', { name: 'Approved 4 66.7% 66.7% 9.0 h' })).toBeInTheDocument();
  expect(lastRequest(REPORTS_PATHS.closedUnsignedStatsByBranch)?.query).toEqual({});
  expect(lastRequest(REPORTS_PATHS.unsignedClosed)?.query).toEqual({ page: '1', pageSize: '15' });
  expect(lastRequest(REPORTS_PATHS.offerLetters)?.query).toEqual({});
  // Every table scrolls in a region a keyboard can reach (axe scrollable-region-focusable).
  for (const name of ['Closed unsigned loans by branch', 'Closed unsigned loans', 'Portfolio at risk by branch', 'Collections per month and branch', 'Disbursed and repaid per month', 'Offer letters per month', 'Applications funnel']) {
    expect(screen.getByRole('region', { name })).toHaveAttribute('tabindex', '0');
  }
});

it('sends the filters of the URL, only those present, to every report and download', async () => {
  open('/reports?fromDate=2026-03-01&branch=Ndola');
  await screen.findByRole('table', { name: 'Applications funnel' });
  for (const path of [
    REPORTS_PATHS.closedUnsignedStatsByBranch,
    REPORTS_PATHS.offerLetters,
    REPORTS_PATHS.funnel,
    REPORTS_PATHS.portfolioAtRisk,
    REPORTS_PATHS.collections,
    REPORTS_PATHS.disbursedRepaid,
  ]) {
    expect(lastRequest(path)?.query).toEqual({ fromDate: '2026-03-01', branch: 'Ndola' });
  }
  expect(lastRequest(REPORTS_PATHS.unsignedClosed)?.query).toEqual({ page: '1', pageSize: '15', fromDate: '2026-03-01', branch: 'Ndola' });
  await userEvent.click(screen.getByRole('button', { name: 'Download Excel (.xlsx) of closed unsigned loans' }));
  expect(await screen.findByText('Report downloaded successfully')).toBeInTheDocument();
  const sent = requestLog.filter((r) => r.path === REPORTS_PATHS.closedUnsigned).at(-1);
  expect(sent?.query).toEqual({ fromDate: '2026-03-01', branch: 'Ndola', format: 'xlsx' });
});

it('downloads the CSV under the spec name and says so', async () => {
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Download CSV of closed unsigned loans' }));
  expect(await screen.findByText('Report downloaded successfully')).toBeInTheDocument();
  const link = (HTMLAnchorElement.prototype.click as jest.Mock).mock.contexts.at(-1) as HTMLAnchorElement;
  expect(link.download).toBe('unsigned_closed_loans_report.csv');
});

it("says 'Failed to download report' when the api refuses and 'Error downloading report' when it cannot be reached", async () => {
  server.use(...reportDownloadFailed);
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Download CSV of offer letters' }));
  expect(await screen.findByText('Failed to download report')).toBeInTheDocument();
  server.use(http.get(REPORTS_PATHS.funnel, ({ request }) => (new URL(request.url).searchParams.get('format') ? HttpResponse.error() : undefined)));
  await userEvent.click(screen.getByRole('button', { name: 'Download CSV of the applications funnel' }));
  expect(await screen.findByText('Error downloading report')).toBeInTheDocument();
});

it('shows empty and error states, and retries', async () => {
  server.use(reportsVariants.closedUnsignedStats.empty, reportsVariants.unsignedClosed.empty, reportsVariants.offerLetters.error, reportsVariants.funnel.empty, reportsVariants.portfolioAtRisk.empty, reportsVariants.collections.empty, reportsVariants.disbursedRepaid.empty);
  open();
  expect(await screen.findByText('No closed unsigned loans for these filters.')).toBeInTheDocument();
  expect(await screen.findByText('No closed unsigned loans')).toBeInTheDocument();
  expect(await screen.findByText('No applications requested for these filters.')).toBeInTheDocument();
  expect(await screen.findByText('No disbursed loans with a balance for these filters.')).toBeInTheDocument();
  expect(await screen.findByText('Nothing fell due or was collected for these filters.')).toBeInTheDocument();
  expect(await screen.findByText('Nothing disbursed or repaid for these filters.')).toBeInTheDocument();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Could not load');
  server.use(reportsVariants.offerLetters.ok);
  await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(screen.getByRole('table', { name: 'Offer letters per month' })).toBeInTheDocument());
});
