import { act, configure, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { DASHBOARD_PATHS, P, type PermissionName } from '@loan/shared-contract';
import { renderWithProviders } from '@loan/shared-data-access-api/testing';
import { permissionsReducer, roleLoaded } from '@loan/shared-permissions';
import { sessionReducer } from '@loan/shared-session';
import { DashboardPage } from './dashboard-page';
import { dashboardHandlers, requests } from '@loan/dashboard-data-access/testing';

jest.mock('react-apexcharts', () => ({ __esModule: true, default: () => <div data-testid="apex-chart" /> }));

configure({ asyncUtilTimeout: 5000 });
const server = setupServer(...dashboardHandlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  requests.length = 0;
});
afterAll(() => server.close());

function renderAs(names: PermissionName[] | null) {
  const view = renderWithProviders(<DashboardPage />, { reducers: { session: sessionReducer, permissions: permissionsReducer } });
  if (names) act(() => void view.store.dispatch(roleLoaded({ roleId: 1, roleName: 'Role', names })));
  return view;
}

it('shows the dashboard with view main dashboard', async () => {
  renderAs([P.viewDashboard]);
  expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
  await waitFor(() => expect(requests.length).toBeGreaterThan(0));
});

it('shows no figures and fetches nothing without it', async () => {
  renderAs([P.viewLoanModule, P.viewOfferLetter]);
  expect(await screen.findByText('No dashboard for your role')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Overview' })).not.toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 50));
  expect(requests).toEqual([]);
});

it('waits for the role before deciding', async () => {
  renderAs(null);
  expect(screen.getByRole('status', { name: 'Loading your permissions' })).toBeInTheDocument();
  expect(screen.queryByText('No dashboard for your role')).not.toBeInTheDocument();
  expect(requests).toEqual([]);
});

it('shows the disbursements card, with this month, only to users holding the transactions permission', async () => {
  const { unmount } = renderAs([P.viewDashboard]);
  expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
  await waitFor(() => expect(requests.length).toBeGreaterThan(0));
  await new Promise((r) => setTimeout(r, 50));
  expect(requests).not.toContain(DASHBOARD_PATHS.disbursementStats);
  expect(screen.queryByLabelText('Disbursement statistics')).not.toBeInTheDocument();
  unmount();
  requests.length = 0;
  renderAs([P.viewDashboard, P.viewTransactionModule]);
  const card = await screen.findByLabelText('Disbursement statistics');
  await waitFor(() => expect(card).toHaveTextContent(/This month\s*ZMW 21,000\.50\s*4 transactions/));
  expect(requests).toContain(DASHBOARD_PATHS.disbursementStats);
});
