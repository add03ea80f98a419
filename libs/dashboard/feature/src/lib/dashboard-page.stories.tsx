import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import type { VariantName } from '@loan/shared-data-access-api/testing';
import { dashboardVariants } from '@loan/dashboard-data-access/testing';
import { DashboardPage } from './dashboard-page';

// The same MSW variants as the dashboard specs (@loan/dashboard-data-access/testing).
const every = (variant: VariantName) => Object.values(dashboardVariants).map((v) => v[variant]);

const meta = {
  title: 'Dashboard/Dashboard',
  component: DashboardPage,
  parameters: {
    workbench: { route: '/dashboard' },
    msw: { handlers: { api: every('ok') } },
    // The stat cards' titles are h3 under the h1 (moderate, axe heading-order): left to the
    // dashboard's team; every serious rule still runs.
    a11y: { config: { rules: [{ id: 'heading-order', enabled: false }] } },
  },
} satisfies Meta<typeof DashboardPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (el: HTMLElement) => within(el.ownerDocument.body);

/** Switch to By Month and pick March: the figures reload for that month. */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('heading', { name: 'Overview' });
    await userEvent.click(body.getByRole('button', { name: 'By Month' }));
    await userEvent.selectOptions(body.getByLabelText('Month'), '03');
    await waitFor(() => expect(body.getByLabelText('Month')).toHaveValue('03'));
    await expect(body.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  },
};

export const Loading: Story = { parameters: { msw: { handlers: { api: every('slow') } } } };

export const Empty: Story = { parameters: { msw: { handlers: { api: every('empty') } } } };

/** Failures are only logged (spec §8): the cards stay as they were. */
export const LoadError: Story = { parameters: { msw: { handlers: { api: every('error') } } } };

/** A role without view main dashboard: no figures, nothing fetched. */
export const Forbidden: Story = {
  parameters: { workbench: { permissions: [P.viewLoanModule] }, msw: { handlers: { api: every('forbidden') } } },
  play: async ({ canvasElement }) => {
    await expect(await page(canvasElement).findByText('No dashboard for your role')).toBeInTheDocument();
  },
};
