import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { disbursementsVariants } from '@loan/transactions-data-access/testing';
import { page, screenStories, settled } from '../../../../../../tools/storybook/screen-stories';
import { DisbursementsListPage } from './disbursements-list-page';

// The same MSW variants as disbursements-list-page.spec.tsx (@loan/transactions-data-access/testing).
const TITLE = SCREENS.disbursements.title;

const disbursements = screenStories({
  workbench: { route: SCREENS.disbursements.path, permissions: [P.viewTransactionModule, P.viewAllDisbursements, P.reconcileDisbursements] },
  handlers: [disbursementsVariants.list.ok, disbursementsVariants.reconcile.ok],
  calls: disbursementsVariants.list,
  empty: { shows: `No ${TITLE.toLowerCase()}` },
  /** The server refuses the search (422): the list says it could not load, not an empty list. */
  invalid: { workbench: { route: `${SCREENS.disbursements.path}?search=x` }, shows: { role: 'alert' } },
  /** No permission: the api answers 403 and no row can be selected for reconciling. */
  forbidden: { shows: { role: 'alert' }, hides: { role: 'checkbox', name: /^Select Disbursement/ } },
});

export default { title: 'Transactions/Disbursements list', component: DisbursementsListPage, parameters: disbursements.parameters } satisfies Meta<typeof DisbursementsListPage>;

/** Search, then open a record: the row link leads to its details. */
export const Populated = disbursements.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    const table = await body.findByRole('table', { name: TITLE });
    await within(table).findByText('#40');
    await userEvent.type(body.getByRole('searchbox', { name: 'Search by recipient or provider reference' }), '3{Enter}');
    await waitFor(() => expect(body.getByTestId('location')).toHaveTextContent('search=3'));
    await body.findByText('#33');
    await settled(canvasElement);
    await userEvent.click(body.getByRole('link', { name: 'Disbursement 33' }));
    await waitFor(() => expect(body.getByTestId('location')).toHaveTextContent(SCREENS.disbursementDetails.path.replace(':id', '33')));
  },
});

/** Select a row, reconcile it after the confirmation. */
export const ReconcileWithConfirmation = disbursements.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await userEvent.click(await body.findByRole('checkbox', { name: 'Select Disbursement 40' }));
    await userEvent.click(await body.findByRole('button', { name: /Reconcile/ }));
    const dialog = await body.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reconcile' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
  settle: true,
});

export const Loading = disbursements.Loading, Empty = disbursements.Empty, LoadError = disbursements.LoadError, InvalidSearch = disbursements.Invalid, Forbidden = disbursements.Forbidden;
