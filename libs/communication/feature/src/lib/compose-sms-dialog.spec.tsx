import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMUNICATION_PATHS, P } from '@loan/shared-contract';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { communicationVariants } from '@loan/communication-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import { CommunicationListPage } from './communication-list-page';

const server = setupApiServer(communicationVariants.list.ok, communicationVariants.sendSms.ok);
const PATH = SCREENS.communication.path;
const open = (route: string, permissions = [P.viewCommunicationModule, P.createMessage]) =>
  renderScreen(<CommunicationListPage />, { permissions, route, path: PATH });

it('opens by URL for one client, counts characters and parts, and sends', async () => {
  open(`${PATH}?compose=sms&client=5`);
  const dialog = await screen.findByRole('dialog', { name: 'Send SMS' });
  expect(screen.getByLabelText('Client numbers')).toHaveValue('5');
  await userEvent.click(screen.getByLabelText(/^Message/));
  await userEvent.paste('x'.repeat(161));
  expect(dialog).toHaveTextContent('161 characters, 2 SMS parts');
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('SMS queued for sending.')).toBeInTheDocument();
  expect(lastRequest(COMMUNICATION_PATHS.sendSms, 'POST')?.body).toEqual({ client_ids: [5], body: 'x'.repeat(161) });
  expect(screen.queryByRole('dialog', { name: 'Send SMS' })).not.toBeInTheDocument();
});

it('asks before sending to all clients', async () => {
  open(PATH);
  await userEvent.click(await screen.findByRole('button', { name: 'Send SMS' }));
  await userEvent.selectOptions(screen.getByLabelText('To'), 'all');
  await userEvent.click(screen.getByLabelText(/^Message/));
  await userEvent.paste('Dear {name}');
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Send to all' }));
  expect(await screen.findByText('SMS queued for sending.')).toBeInTheDocument();
  expect(lastRequest(COMMUNICATION_PATHS.sendSms, 'POST')?.body).toEqual({ all: true, body: 'Dear {name}' });
});

it('shows the field errors of a 422 on the form, and needs recipients', async () => {
  server.use(communicationVariants.sendSms.invalid);
  open(`${PATH}?compose=sms`);
  await screen.findByRole('dialog', { name: 'Send SMS' });
  await userEvent.type(screen.getByLabelText(/^Message/), 'Hello');
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Enter one or more client numbers, separated by commas.')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Client numbers'), '3');
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('The message field is required.')).toBeInTheDocument();
});

it('offers no sending without can create message', async () => {
  open(`${PATH}?compose=sms`, [P.viewCommunicationModule]);
  await screen.findByRole('table');
  expect(screen.queryByRole('button', { name: 'Send SMS' })).not.toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
