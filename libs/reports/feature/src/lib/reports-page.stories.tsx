import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { reportDownloadFailed, reportsHandlers, reportsVariants } from '@loan/reports-data-access/testing';
import { ReportsPage } from './reports-page';

// The same MSW variants as reports-page.spec.tsx (@loan/reports-data-access/testing).
const meta = {
  title: 'Reports/Reports',
  component: ReportsPage,
  parameters: {
    workbench: { route: '/reports', permissions: [P.viewReportsModule] },
    msw: { handlers: { api: reportsHandlers } },
  },
} satisfies Meta<typeof ReportsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);
const settled = (el: HTMLElement) => waitFor(() => expect(el.ownerDocument.querySelector('[aria-busy="true"]')).toBeNull());
const v = reportsVariants;
const every = (pick: (e: (typeof v)[keyof typeof v]) => unknown) => Object.values(v).map(pick) as typeof reportsHandlers;

/** Every report with its table; filter by branch, then the filter is in the URL. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const byBranch = await body.findByRole('table', { name: 'Closed unsigned loans by branch' });
    await expect(within(byBranch).getByRole('row', { name: /All branches 20 ZMW 99,500.50/ })).toBeInTheDocument();
    await body.findByRole('table', { name: 'Applications funnel' });
    await userEvent.click(body.getByRole('button', { name: 'Filters' }));
    await userEvent.selectOptions(body.getByLabelText('Branch'), 'Ndola');
    await userEvent.click(body.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(body.getByTestId('location')).toHaveTextContent('branch=Ndola'));
    await body.findByRole('table', { name: 'Applications funnel' });
    await settled(canvasElement);
  },
};

/** A download the api refuses: the spec's toast. */
export const DownloadFailed: Story = {
  parameters: { msw: { handlers: { api: [...reportDownloadFailed, ...reportsHandlers] } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('button', { name: 'Download CSV of offer letters' }));
    await expect(await body.findByText('Failed to download report')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { api: every((e) => e.slow) } } },
};

/** Every report empty for the filters. */
export const Empty: Story = {
  parameters: { msw: { handlers: { api: every((e) => e.empty) } } },
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await expect(await body.findByText('No closed unsigned loans for these filters.')).toBeInTheDocument();
    await expect(await body.findByText('Nothing disbursed or repaid for these filters.')).toBeInTheDocument();
  },
};

/** One report could not load: its Try again asks again; the others show. */
export const LoadError: Story = {
  parameters: { msw: { handlers: { api: [v.offerLetters.error, ...reportsHandlers] } } },
  play: async ({ canvasElement }) => {
    const alert = await page(canvasElement).findByRole('alert');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** Dates the server refuses (422, to before from): each report says it could not load. */
export const InvalidFilters: Story = {
  parameters: { workbench: { route: '/reports?fromDate=2026-03-10&toDate=2026-03-01' }, msw: { handlers: { api: every((e) => e.invalid) } } },
  play: async ({ canvasElement }) => {
    await waitFor(async () => expect((await page(canvasElement).findAllByRole('alert')).length).toBeGreaterThan(1));
  },
};

export const Forbidden: Story = {
  parameters: { workbench: { permissions: [] }, msw: { handlers: { api: every((e) => e.forbidden) } } },
  play: async ({ canvasElement }) => {
    await waitFor(async () => expect((await page(canvasElement).findAllByRole('alert')).length).toBeGreaterThan(1));
  },
};
