import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, COMMUNICATION_PATHS, P, type PermissionName } from '@loan/shared-contract';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { SlotBoundary } from '@loan/shared-permissions';
import { renderScreen } from '@loan/shared-permissions/testing';
import { communicationHandlers, communicationVariants } from '@loan/communication-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import { CommunicationListPage } from './communication-list-page';
import { communicationSlots } from './communication-slots';

const server = setupApiServer(...communicationHandlers);
const PATH = SCREENS.communication.path;
const ALL: PermissionName[] = [P.viewCommunicationModule, P.createMessage, P.editMessage, P.deleteMessage, P.sendEmail];
const open = (route: string, permissions: PermissionName[] = ALL) => renderScreen(<CommunicationListPage />, { permissions, route, path: PATH });

it('opens by URL for one client, counts characters and parts, previews as the server renders, and sends', async () => {
  open(`${PATH}?compose=sms&client=5`);
  const dialog = await screen.findByRole('dialog', { name: 'Send SMS' });
  await userEvent.click(within(dialog).getByLabelText(/^Message/));
  await userEvent.paste('Dear {name}');
  // The client named by the URL, by the name the server knows.
  expect(await within(dialog).findByText('Dear Mary Banda')).toBeInTheDocument();
  expect(within(dialog).getByRole('list', { name: 'Chosen clients' })).toHaveTextContent('Mary Banda');
  expect(lastRequest(COMMUNICATION_PATHS.preview, 'POST')?.body).toEqual({ client_ids: [5], channel: 'sms', body: 'Dear {name}', limit: 3 });
  await userEvent.paste('x'.repeat(150));
  expect(dialog).toHaveTextContent('161 characters, 2 SMS parts');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('SMS queued for sending.')).toBeInTheDocument();
  expect(lastRequest(COMMUNICATION_PATHS.sendSms, 'POST')?.body).toEqual({ client_ids: [5], body: `Dear {name}${'x'.repeat(150)}` });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send SMS' })).not.toBeInTheDocument());
  await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('compose'));
  // Much typing and a server round trip per keystroke pause: slow on a busy machine.
}, 15_000);

it('opens an e-mail by URL; a template fills subject and body; needs a subject', async () => {
  open(`${PATH}?compose=email&client=6`);
  const dialog = await screen.findByRole('dialog', { name: 'Send e-mail' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  expect(await within(dialog).findByText('The subject field is required.')).toBeInTheDocument();
  await userEvent.selectOptions(within(dialog).getByLabelText('Template'), 'statement');
  expect(within(dialog).getByLabelText(/^Subject/)).toHaveValue('Your statement');
  expect(await within(dialog).findByText('Dear Mark Phiri, your loan statement is ready. Balance: K{balance}.')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('E-mail queued for sending.')).toBeInTheDocument();
  expect(lastRequest(COMMUNICATION_PATHS.sendEmail, 'POST')?.body).toEqual({
    client_ids: [6],
    subject: 'Your statement',
    body: 'Dear {name}, your loan statement is ready. Balance: K{balance}.',
  });
});

it('picks clients by searching the server, removes one, and needs at least one', async () => {
  open(PATH);
  await userEvent.click(await screen.findByRole('button', { name: 'Send SMS' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send SMS' });
  await userEvent.type(within(dialog).getByLabelText(/^Message/), 'Hello');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  expect(await within(dialog).findByText('Choose at least one client.')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByRole('searchbox', { name: /Find clients/ }), 'ma');
  await userEvent.click(await within(dialog).findByRole('button', { name: /Add Mary Banda/ }));
  await userEvent.click(within(dialog).getByRole('button', { name: /Add Mark Phiri/ }));
  expect(lastRequest(`${API.clients}/all`)?.query).toEqual({ search: 'ma', page: '1', pageSize: '15' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Mary Banda' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  await screen.findByText('SMS queued for sending.');
  expect(lastRequest(COMMUNICATION_PATHS.sendSms, 'POST')?.body).toEqual({ client_ids: [6], body: 'Hello' });
});

it('sends to a branch and loan state after confirming the count the server resolved', async () => {
  open(PATH);
  await userEvent.click(await screen.findByRole('button', { name: 'Send SMS' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send SMS' });
  await userEvent.selectOptions(within(dialog).getByLabelText('To'), 'group');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  expect(await within(dialog).findByText('Choose a branch, a loan state or both.')).toBeInTheDocument();
  await userEvent.selectOptions(await within(dialog).findByLabelText('Branch'), await within(dialog).findByRole('option', { name: 'Kitwe' }));
  await userEvent.selectOptions(within(dialog).getByLabelText('Loan state'), 'in_arrears');
  await userEvent.click(within(dialog).getByLabelText(/^Message/));
  await userEvent.paste('Dear {name}');
  expect(await within(dialog).findByText(/Reaches 3 clients/)).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  const confirm = await screen.findByRole('dialog', { name: 'Send to 3 clients?' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('SMS queued for sending.')).toBeInTheDocument();
  expect(lastRequest(COMMUNICATION_PATHS.sendSms, 'POST')?.body).toEqual({ branch_id: 2, loan_state: 'in_arrears', body: 'Dear {name}' });
  // Much typing and a server round trip per keystroke pause: slow on a busy machine.
}, 15_000);

it('asks before sending to all clients, with the count', async () => {
  open(PATH);
  await userEvent.click(await screen.findByRole('button', { name: 'Send SMS' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send SMS' });
  await userEvent.selectOptions(within(dialog).getByLabelText('To'), 'all');
  await userEvent.click(within(dialog).getByLabelText(/^Message/));
  await userEvent.paste('Dear {name}');
  await within(dialog).findByText(/Reaches 40 clients; the first 3/);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Send to 40 clients?' })).getByRole('button', { name: 'Send to all' }));
  expect(await screen.findByText('SMS queued for sending.')).toBeInTheDocument();
  expect(lastRequest(COMMUNICATION_PATHS.sendSms, 'POST')?.body).toEqual({ all: true, body: 'Dear {name}' });
});

it('shows the field errors of a 422 on the form', async () => {
  server.use(communicationVariants.sendSms.invalid);
  open(`${PATH}?compose=sms&client=5`);
  const dialog = await screen.findByRole('dialog', { name: 'Send SMS' });
  await userEvent.type(within(dialog).getByLabelText(/^Message/), 'Hello');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  expect(await within(dialog).findByText('The message field is required.')).toBeInTheDocument();
});

it('offers no sending without can create message, and no e-mail without can send email', async () => {
  open(`${PATH}?compose=sms`, [P.viewCommunicationModule]);
  await screen.findByRole('table');
  expect(screen.queryByRole('button', { name: 'Send SMS' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send e-mail' })).not.toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('e-mail only needs can send email; its URL opens nothing without it', async () => {
  const view = open(`${PATH}?compose=email`, [P.viewCommunicationModule, P.createMessage]);
  await screen.findByRole('table');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send e-mail' })).not.toBeInTheDocument();
  view.unmount();
  open(PATH, [P.viewCommunicationModule, P.sendEmail]);
  expect(await screen.findByRole('button', { name: 'Send e-mail' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send SMS' })).not.toBeInTheDocument();
});

describe('drafts', () => {
  it('saves the composer as a draft', async () => {
    open(`${PATH}?compose=sms&client=5`);
    const dialog = await screen.findByRole('dialog', { name: 'Send SMS' });
    await userEvent.type(within(dialog).getByLabelText(/^Message/), 'Later');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved.')).toBeInTheDocument();
    expect(lastRequest(COMMUNICATION_PATHS.drafts, 'POST')?.body).toEqual({ channel: 'sms', body: 'Later', client_ids: [5] });
  });

  it('edits a draft in the composer and saves it again', async () => {
    open(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit draft 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send e-mail (draft)' });
    expect(within(dialog).getByLabelText(/^Subject/)).toHaveValue('Your statement');
    expect(within(dialog).getByLabelText('Loan state')).toHaveValue('in_arrears');
    await userEvent.clear(within(dialog).getByLabelText(/^Message/));
    await userEvent.type(within(dialog).getByLabelText(/^Message/), 'Changed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved.')).toBeInTheDocument();
    expect(lastRequest(COMMUNICATION_PATHS.draft.replace(':id', '2'), 'PUT')?.body).toEqual({
      channel: 'email',
      subject: 'Your statement',
      body: 'Changed',
      branch_id: 1,
      loan_state: 'in_arrears',
    });
  });

  it('deletes a draft only after confirming', async () => {
    open(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete draft 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(lastRequest(COMMUNICATION_PATHS.draft.replace(':id', '1'), 'DELETE')).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Delete draft 1' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete this draft?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Draft deleted.')).toBeInTheDocument();
    expect(lastRequest(COMMUNICATION_PATHS.draft.replace(':id', '1'), 'DELETE')).toBeDefined();
  });

  it('shows no edit or delete without their permissions, and says when there are none', async () => {
    server.use(communicationVariants.drafts.empty);
    open(PATH, [P.viewCommunicationModule, P.createMessage]);
    expect(await screen.findByText(/No drafts/)).toBeInTheDocument();
  });
});

it('is lent to other screens as the composeMessage slot: the same composer, the borrower chosen by name', async () => {
  const Compose = communicationSlots.composeMessage;
  if (!Compose) throw new Error('the composer slot is missing');
  const onClose = jest.fn();
  renderScreen(
    <SlotBoundary>
      <Compose channel="sms" clientId={5} clientName="Mary Banda" onClose={onClose} />
    </SlotBoundary>,
    { permissions: ALL, route: '/loans/applications/9', path: '/loans/applications/:id' },
  );
  // The slot's code loads lazily (the first import is slow on a busy machine).
  const dialog = await screen.findByRole('dialog', { name: 'Send SMS' }, { timeout: 5000 });
  expect(within(dialog).getByRole('list', { name: 'Chosen clients' })).toHaveTextContent('Mary Banda');
  await userEvent.click(within(dialog).getByLabelText(/^Message/));
  await userEvent.paste('Dear {name}');
  expect(await within(dialog).findByText('Dear Mary Banda')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('SMS queued for sending.')).toBeInTheDocument();
  expect(lastRequest(COMMUNICATION_PATHS.sendSms, 'POST')?.body).toEqual({ client_ids: [5], body: 'Dear {name}' });
  await waitFor(() => expect(onClose).toHaveBeenCalled());
});
