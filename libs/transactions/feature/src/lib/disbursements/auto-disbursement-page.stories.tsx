import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { P } from '@loan/shared-contract';
import { SCREENS } from '@loan/shared-screens';
import { disbursementsHandlers, disbursementsVariants } from '@loan/transactions-data-access/testing';
import { COULD_NOT_LOAD, page, screenStories } from '../../../../../../tools/storybook/screen-stories';
import { AutoDisbursementPage } from './auto-disbursement-page';

// The same MSW variants as auto-disbursement-page.spec.tsx (@loan/transactions-data-access/testing).
const VIEW = [P.viewTransactionModule, P.viewAutoDisburse];
const ADD_RULE = { role: 'button', name: 'Add rule' };
/** A rule's card (its region is named after the rule). */
const card = (el: HTMLElement, name: string) => page(el).findByRole('region', { name: `Rule ${name}` });
const rule = async (el: HTMLElement, name: string) => within(await card(el, name));

const auto = screenStories({
  workbench: { route: SCREENS.autoDisbursement.path, permissions: [...VIEW, P.addAutoDisburse, P.editAutoDisburse, P.deleteAutoDisburse] },
  // The rule form's branch list first: the details pattern (/disbursements/:id) also matches /disbursements/branches.
  handlers: [disbursementsVariants.branches.ok, ...disbursementsHandlers],
  calls: disbursementsVariants.autoRules,
  empty: { shows: 'No rules yet' },
  /** Could not load, then Retry asks again. */
  error: { shows: COULD_NOT_LOAD, retry: 'Retry' },
  forbidden: { shows: { role: 'alert' }, hides: ADD_RULE },
  /** May look and dry-run, not add, change or delete. */
  viewOnly: {
    workbench: { permissions: VIEW },
    shows: { role: 'button', name: 'Dry run', count: 3 },
    hides: [ADD_RULE, { role: 'button', name: 'Edit' }, { role: 'button', name: 'Pause' }, { role: 'button', name: 'Delete' }],
  },
});

export default { title: 'Transactions/Automatic disbursement', component: AutoDisbursementPage, parameters: auto.parameters } satisfies Meta<typeof AutoDisbursementPage>;

/** The rules with their last runs, one paused after provider failures; a dry run says what it would pay now. */
export const Populated = auto.flow({
  play: async ({ canvasElement }) => {
    const small = await card(canvasElement, 'Small loans, Lusaka');
    await expect(small).toHaveTextContent('Paid today: ZMW 3,500.75');
    await expect((await rule(canvasElement, 'Rule 2')).getByRole('status')).toHaveTextContent('Paused after 3 provider failures in a row');
    await userEvent.click(within(small).getByRole('button', { name: 'Dry run' }));
    const dialog = await page(canvasElement).findByRole('dialog', { name: 'Dry run: Small loans, Lusaka' });
    await expect(dialog).toHaveTextContent('Now it would pay 2 loans totalling ZMW 3,000.50. Nothing has been paid.');
  },
});

/** Add a rule: the form's own checks first, then it is sent and the dialog closes. */
export const AddRule = auto.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await rule(canvasElement, 'Rule 3');
    await userEvent.click(body.getByRole('button', { name: 'Add rule' }));
    const dialog = within(await body.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Add rule' }));
    await expect(await dialog.findByText('Enter a name for the rule.')).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Ndola top-ups');
    await userEvent.selectOptions(dialog.getByLabelText('Loans'), 'topup');
    await waitFor(() => expect(dialog.getByRole('option', { name: 'Ndola' })).toBeInTheDocument());
    await userEvent.selectOptions(dialog.getByLabelText('Branch'), 'Ndola');
    await userEvent.type(dialog.getByLabelText(/^Largest amount/), '7,500.5');
    await userEvent.type(dialog.getByLabelText(/^Daily limit/), '30000');
    await userEvent.click(dialog.getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
  shows: 'Rule "Ndola top-ups" added.',
});

/** The server's 422 lands on its field and the form stays open. */
export const EditRefused = auto.flow({
  handlers: [disbursementsVariants.editAutoRule.invalid],
  play: async ({ canvasElement }) => {
    await userEvent.click((await rule(canvasElement, 'Small loans, Lusaka')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await page(canvasElement).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await expect(await dialog.findByText('Must be at least the smallest amount.')).toBeInTheDocument();
  },
});

/** Delete only after the confirmation. */
export const DeleteWithConfirmation = auto.flow({
  play: async ({ canvasElement }) => {
    await userEvent.click((await rule(canvasElement, 'Rule 3')).getByRole('button', { name: 'Delete' }));
    const dialog = await page(canvasElement).findByRole('dialog');
    await expect(dialog).toHaveTextContent('Delete the rule "Rule 3"?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  },
  shows: 'Rule "Rule 3" deleted.',
});

export const ViewOnly = auto.ViewOnly, Loading = auto.Loading, Empty = auto.Empty, LoadError = auto.LoadError, Forbidden = auto.Forbidden;
