import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMUNICATION_PATHS, P, type PermissionName } from '@loan/shared-contract';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { communicationHandlers, communicationVariants } from '@loan/communication-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import { CommunicationListPage } from './communication-list-page';

const server = setupApiServer(...communicationHandlers);
const PATH = SCREENS.communication.path;
const open = (permissions: PermissionName[]) => renderScreen(<CommunicationListPage />, { permissions, route: PATH, path: PATH });

it('lists the texts for can edit message and saves an edited reminder text', async () => {
  open([P.viewCommunicationModule, P.editMessage]);
  const section = await screen.findByRole('region', { name: 'Templates' });
  await userEvent.click(await within(section).findByRole('button', { name: 'Edit template Reminder before the due date' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit template: Reminder before the due date' });
  // A reminder is an SMS: no subject.
  expect(within(dialog).queryByLabelText(/^Subject/)).not.toBeInTheDocument();
  const body = within(dialog).getByLabelText(/^Message/);
  await userEvent.clear(body);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('The message field is required.')).toBeInTheDocument();
  await userEvent.click(body);
  await userEvent.paste('Hello {name}');
  expect(dialog).toHaveTextContent('12 characters, 1 SMS part.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Template saved.')).toBeInTheDocument();
  expect(lastRequest(COMMUNICATION_PATHS.template.replace(':key', 'reminder_before'), 'PUT')?.body).toEqual({ body: 'Hello {name}' });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // The whole list screen renders around it: slow on a busy machine.
}, 15_000);

it('shows no templates without can edit message, and a retry when they could not load', async () => {
  const first = open([P.viewCommunicationModule, P.createMessage]);
  await screen.findByRole('table', { name: SCREENS.communication.title });
  expect(screen.queryByRole('region', { name: 'Templates' })).not.toBeInTheDocument();
  first.unmount();
  server.use(communicationVariants.templates.error);
  open([P.viewCommunicationModule, P.editMessage]);
  const section = await screen.findByRole('region', { name: 'Templates' });
  expect(await within(section).findByRole('button', { name: 'Retry' })).toBeInTheDocument();
});
