import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { disbursementNotFound, disbursementRemoved, disbursementsVariants } from '@loan/transactions-data-access/testing';
import { page, screenStories } from '../../../../../../tools/storybook/screen-stories';
import { DisbursementDetailsPage } from './disbursement-details-page';

// The same MSW variants as disbursement-details-page.spec.tsx (@loan/transactions-data-access/testing).
const PATH = SCREENS.disbursementDetails.path;

const details = screenStories({
  workbench: {
    route: PATH.replace(':id', '7'),
    path: PATH,
    permissions: [P.viewAllDisbursements, P.instantSingleDisburse, P.deleteDisbursements, P.reconcileDisbursements],
  },
  calls: disbursementsVariants.details,
  /** Nothing optional filled in: no loan, no provider messages. */
  empty: { shows: 'No messages from the provider yet.' },
  notFound: { handlers: [disbursementNotFound], shows: 'Disbursement not found' },
  /** What a user who may only view sees: no retry, no delete. */
  viewOnly: {
    workbench: { permissions: [P.viewAllDisbursements] },
    shows: '#7',
    hides: [
      { role: 'button', name: 'Delete' },
      { role: 'button', name: 'Retry' },
    ],
  },
});

export default { title: 'Transactions/Disbursement details', component: DisbursementDetailsPage, parameters: details.parameters } satisfies Meta<typeof DisbursementDetailsPage>;

/** A failed payment: its provider messages, then Delete only after the confirmation. */
export const Populated = details.flow({
  handlers: [disbursementRemoved],
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await body.findByRole('heading', { name: 'Provider messages' });
    await expect(body.getByText(/Recipient not reachable/, { selector: 'li' })).toBeInTheDocument();
    const actions = body.getByRole('group', { name: 'Disbursement actions' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await body.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    // Deleted: back to the list.
    await waitFor(() => expect(body.getByTestId('location').textContent).toBe(SCREENS.disbursements.path));
  },
});

export const ViewOnly = details.ViewOnly, Loading = details.Loading, Empty = details.Empty, NotFound = details.NotFound, LoadError = details.LoadError, Forbidden = details.Forbidden;
