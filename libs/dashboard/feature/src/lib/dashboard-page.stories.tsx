import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { dashboardVariants } from '@loan/dashboard-data-access/testing';
import { page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { DashboardPage } from './dashboard-page';

// The same MSW variants as the dashboard specs (@loan/dashboard-data-access/testing): every
// card's call is one of the screen's calls, so each state answers all of them alike.
const dashboard = screenStories({
  workbench: { route: '/dashboard' },
  calls: Object.values(dashboardVariants),
  /** Failures are only logged (spec §8): the cards stay as they were. */
  error: {},
  /** A role without view main dashboard: no figures, nothing fetched. */
  forbidden: { workbench: { permissions: [P.viewLoanModule] }, shows: 'No dashboard for your role' },
});

const meta = {
  title: 'Dashboard/Dashboard',
  component: DashboardPage,
  parameters: {
    ...dashboard.parameters,
    // The stat cards' titles are h3 under the h1 (moderate, axe heading-order): left to the
    // dashboard's team; every serious rule still runs.
    a11y: { config: { rules: [{ id: 'heading-order', enabled: false }] } },
  },
} satisfies Meta<typeof DashboardPage>;
export default meta;

/** Switch to By Month and pick March: the figures reload for that month. */
export const Populated = dashboard.flow({
  act: async (el) => {
    await page(el).findByRole('heading', { name: 'Overview' });
    await userEvent.click(page(el).getByRole('button', { name: 'By Month' }));
    await userEvent.selectOptions(page(el).getByLabelText('Month'), '03');
    await waitFor(() => expect(page(el).getByLabelText('Month')).toHaveValue('03'));
  },
  shows: { role: 'button', name: 'Refresh' },
});

export const Loading = dashboard.Loading, Empty = dashboard.Empty, LoadError = dashboard.LoadError, Forbidden = dashboard.Forbidden;
