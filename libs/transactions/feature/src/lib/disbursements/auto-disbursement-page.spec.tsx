import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DISBURSEMENTS_PATHS, P, type PermissionName } from '@loan/shared-contract';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { disbursementsVariants } from '@loan/transactions-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import { AutoDisbursementPage } from './auto-disbursement-page';

const server = setupApiServer(disbursementsVariants.autoRules.ok, disbursementsVariants.branches.ok);
const ALL: PermissionName[] = [P.viewTransactionModule, P.viewAutoDisburse, P.addAutoDisburse, P.editAutoDisburse, P.deleteAutoDisburse];
const open = (permissions = ALL) => renderScreen(<AutoDisbursementPage />, { permissions, route: SCREENS.autoDisbursement.path });
const card = async (name: string) => screen.findByRole('region', { name: `Rule ${name}` });

it('lists the rules with their last runs: what each paid, skipped and why', async () => {
  open();
  const rule = await card('Small loans, Lusaka');
  expect(rule).toHaveTextContent('Lusaka');
  expect(rule).toHaveTextContent('Paid today: ZMW 3,500.75');
  expect(within(rule).getAllByRole('listitem')[0]).toHaveTextContent(/paid 2 \(ZMW 3,500\.75\), skipped 1/);
  expect(within(rule).getByText('Paid loan #501:', { exact: false })).toHaveTextContent('ZMW 1,500.25');
  expect(within(rule).getByText("Skipped loan #503: Over the rule's daily limit")).toBeInTheDocument();
  expect(await card('Rule 3')).toHaveTextContent('No runs yet');
});

it('tells staff about a rule paused after 3 provider failures (a toast and a note on the rule)', async () => {
  open();
  const paused = await card('Rule 2');
  expect(within(paused).getByRole('status')).toHaveTextContent('Paused after 3 provider failures in a row');
  expect(await screen.findByText('Rule "Rule 2" was paused after 3 provider failures in a row.')).toBeInTheDocument();
  expect(within(paused).getByText('Refused loan #510: Recipient not reachable')).toBeInTheDocument();
});

it('shows loading, then empty, and an error with a Retry that asks again', async () => {
  server.use(disbursementsVariants.autoRules.empty);
  const { unmount } = open();
  expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
  expect(await screen.findByText('No rules yet')).toBeInTheDocument();
  unmount();
  server.use(disbursementsVariants.autoRules.error);
  open();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Could not load');
  server.use(disbursementsVariants.autoRules.ok);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await card('Rule 3')).toBeInTheDocument();
});

it('offers add, edit, pause and delete only with their permissions; the dry run with view', async () => {
  open([P.viewTransactionModule, P.viewAutoDisburse]);
  const rule = await card('Small loans, Lusaka');
  expect(within(rule).getByRole('button', { name: 'Dry run' })).toBeInTheDocument();
  for (const name of ['Pause', 'Edit', 'Delete']) expect(within(rule).queryByRole('button', { name })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add rule' })).not.toBeInTheDocument();
});

it('adds a rule with the form: checks the fields first, then sends them and closes', async () => {
  server.use(disbursementsVariants.addAutoRule.ok);
  open();
  await card('Rule 3');
  await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
  expect(await within(dialog).findByText('Enter a name for the rule.')).toBeInTheDocument();
  expect(within(dialog).getByText('Enter the largest amount.')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Ndola top-ups');
  await userEvent.selectOptions(within(dialog).getByLabelText('Loans'), 'topup');
  await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Ndola' })).toBeInTheDocument());
  await userEvent.selectOptions(within(dialog).getByLabelText('Branch'), 'Ndola');
  await userEvent.type(within(dialog).getByLabelText(/^Largest amount/), '7,500.5');
  await userEvent.type(within(dialog).getByLabelText(/^Daily limit/), '30000');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(lastRequest(DISBURSEMENTS_PATHS.autoRules, 'POST')?.body).toEqual({
    name: 'Ndola top-ups',
    kind: 'topup',
    branch_id: 2,
    min_amount: '0.00',
    max_amount: '7500.50',
    daily_limit: '30000.00',
  });
  expect(await screen.findByText('Rule "Ndola top-ups" added.')).toBeInTheDocument();
});

it("puts the server's field errors on their fields and keeps the form open", async () => {
  server.use(disbursementsVariants.editAutoRule.invalid);
  open();
  await userEvent.click(within(await card('Small loans, Lusaka')).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Small loans, Lusaka');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  expect(await within(dialog).findByText('Must be at least the smallest amount.')).toBeInTheDocument();
  expect(lastRequest(DISBURSEMENTS_PATHS.autoRule.replace(':id', '1'), 'PUT')?.body).toMatchObject({ name: 'Small loans, Lusaka', branch_id: 1, max_amount: '5000.00' });
});

it('pauses a rule and resumes a paused one', async () => {
  server.use(disbursementsVariants.pauseAutoRule.ok, disbursementsVariants.resumeAutoRule.ok);
  open();
  await userEvent.click(within(await card('Small loans, Lusaka')).getByRole('button', { name: 'Pause' }));
  await waitFor(() => expect(lastRequest(DISBURSEMENTS_PATHS.autoRulePause.replace(':id', '1'), 'POST')).toBeDefined());
  expect(await screen.findByText('Rule "Small loans, Lusaka" paused.')).toBeInTheDocument();
  await userEvent.click(within(await card('Rule 2')).getByRole('button', { name: 'Resume' }));
  await waitFor(() => expect(lastRequest(DISBURSEMENTS_PATHS.autoRuleResume.replace(':id', '2'), 'POST')).toBeDefined());
});

it('deletes only after a confirm; cancel sends nothing', async () => {
  server.use(disbursementsVariants.deleteAutoRule.ok);
  open();
  const rule = await card('Rule 3');
  await userEvent.click(within(rule).getByRole('button', { name: 'Delete' }));
  let dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Delete the rule "Rule 3"?');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(lastRequest(DISBURSEMENTS_PATHS.autoRule.replace(':id', '3'), 'DELETE')).toBeUndefined();
  await userEvent.click(within(rule).getByRole('button', { name: 'Delete' }));
  dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(lastRequest(DISBURSEMENTS_PATHS.autoRule.replace(':id', '3'), 'DELETE')).toBeDefined());
  expect(await screen.findByText('Rule "Rule 3" deleted.')).toBeInTheDocument();
});

it('shows what a dry run would pay now, with the total and the skipped ones', async () => {
  server.use(disbursementsVariants.dryRunAutoRule.ok);
  open();
  await userEvent.click(within(await card('Small loans, Lusaka')).getByRole('button', { name: 'Dry run' }));
  const dialog = await screen.findByRole('dialog', { name: 'Dry run: Small loans, Lusaka' });
  expect(dialog).toHaveTextContent('Now it would pay 2 loans totalling ZMW 3,000.50. Nothing has been paid.');
  const table = within(dialog).getByRole('table', { name: 'Would pay' });
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  expect(within(dialog).getByText('Loan #503: Over the global float')).toBeInTheDocument();
});

it('sends "All branches" as null (ids are strict: no empty string)', async () => {
  server.use(disbursementsVariants.editAutoRule.ok);
  open();
  await userEvent.click(within(await card('Rule 3')).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByLabelText('Branch')).toHaveValue('');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(lastRequest(DISBURSEMENTS_PATHS.autoRule.replace(':id', '3'), 'PUT')?.body).toMatchObject({ branch_id: null, daily_limit: null }));
});
