import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { reportDownloadFailed, reportsHandlers, reportsVariants } from '@loan/reports-data-access/testing';
import { page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { ReportsPage } from './reports-page';

// The same MSW variants as reports-page.spec.tsx (@loan/reports-data-access/testing): each
// report's call is one of the screen's calls, so each state answers all of them alike.
const SEVERAL_ALERTS = { role: 'alert', count: 2 };

const reports = screenStories({
  workbench: { route: '/reports', permissions: [P.viewReportsModule] },
  handlers: reportsHandlers,
  calls: Object.values(reportsVariants),
  /** Every report empty for the filters. */
  empty: { shows: ['No closed unsigned loans for these filters.', 'Nothing disbursed or repaid for these filters.'] },
  /** One report could not load: its Try again asks again; the others show. */
  error: { handlers: [reportsVariants.offerLetters.error], shows: { role: 'alert', has: { role: 'button', name: 'Try again' } } },
  /** Dates the server refuses (422, to before from): each report says it could not load. */
  invalid: { workbench: { route: '/reports?fromDate=2026-03-10&toDate=2026-03-01' }, shows: SEVERAL_ALERTS },
  forbidden: { shows: SEVERAL_ALERTS },
});

export default { title: 'Reports/Reports', component: ReportsPage, parameters: reports.parameters } satisfies Meta<typeof ReportsPage>;

/** Every report with its table; filter by branch, then the filter is in the URL. */
export const Populated = reports.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const byBranch = await body.findByRole('table', { name: 'Closed unsigned loans by branch' });
    await expect(within(byBranch).getByRole('row', { name: /All branches 20 ZMW 99,500.50/ })).toBeInTheDocument();
    await body.findByRole('table', { name: 'Applications funnel' });
    await userEvent.click(body.getByRole('button', { name: 'Filters' }));
    await userEvent.selectOptions(body.getByLabelText('Branch'), 'Ndola');
    await userEvent.click(body.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(body.getByTestId('location')).toHaveTextContent('branch=Ndola'));
  },
  shows: { role: 'table', name: 'Applications funnel' },
  settle: true,
});

/** A download the api refuses: the spec's toast. */
export const DownloadFailed = reports.flow({
  handlers: reportDownloadFailed,
  act: async (el) => userEvent.click(await page(el).findByRole('button', { name: 'Download CSV of offer letters' })),
  shows: 'Failed to download report',
});

export const Loading = reports.Loading, Empty = reports.Empty, LoadError = reports.LoadError, InvalidFilters = reports.Invalid, Forbidden = reports.Forbidden;
