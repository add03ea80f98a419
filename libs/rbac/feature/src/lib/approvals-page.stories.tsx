import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { approvalsHandlers, approvalsVariants } from '@loan/shared-data-access-api/testing';
import { SCREENS } from '@loan/shared-screens';
import { page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { ApprovalsPage } from './approvals-page';

// The same MSW variants as approvals-pages.spec.tsx (@loan/shared-data-access-api/testing).
const approvals = screenStories({
  workbench: { route: SCREENS.approvals.path, permissions: [P.checkPendingActions] },
  handlers: approvalsHandlers,
  calls: approvalsVariants.list,
  empty: { shows: 'Nothing waiting' },
});

export default { title: 'RBAC/Approvals', component: ApprovalsPage, parameters: approvals.parameters } satisfies Meta<typeof ApprovalsPage>;

/** The checker inbox: what waits, who asked (the own request marked), then every state by the filter. */
export const Populated = approvals.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const table = await body.findByRole('table', { name: SCREENS.approvals.title });
    await within(table).findByText('Me Myself (you)');
    await expect(within(table).getAllByText('Waiting for a second person')).toHaveLength(2);
    await userEvent.click(body.getByRole('button', { name: 'Filters' }));
    await userEvent.selectOptions(body.getByLabelText('State'), 'all');
    await userEvent.click(body.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(body.getByTestId('location')).toHaveTextContent('state=all'));
  },
  settle: true,
});

export const Loading = approvals.Loading, Empty = approvals.Empty, LoadError = approvals.LoadError, Forbidden = approvals.Forbidden;
