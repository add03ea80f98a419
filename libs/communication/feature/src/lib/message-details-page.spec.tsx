import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { COMMUNICATION_PATHS } from '@loan/shared-contract';
import { lastRequest, renderWithProviders, setupApiServer } from '@loan/shared-data-access-api/testing';
import { communicationVariants } from '@loan/communication-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import { MessageDetailsPage } from './message-details-page';

const server = setupApiServer(communicationVariants.details.ok);
const PATH = SCREENS.messageDetails.path;
const show = () => renderWithProviders(<MessageDetailsPage />, { route: PATH.replace(':id', '7'), path: PATH });

it('shows the record the path names', async () => {
  show();
  expect(await screen.findByText('Client 7 (0970000007)')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: SCREENS.messageDetails.title })).toBeInTheDocument();
  expect(lastRequest(COMMUNICATION_PATHS.byId.replace(':id', '7'), 'GET')).toBeDefined();
});

it('says when the record is not there (404), with the way back to the list', async () => {
  server.use(http.get(COMMUNICATION_PATHS.byId, () => HttpResponse.json({ message: 'Message not found.' }, { status: 404 })));
  show();
  expect(await screen.findByText('Message not found')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: `Back to ${SCREENS.communication.title}` })).toHaveAttribute('href', SCREENS.communication.path);
});

it('takes a path that names no id for a record not found, without asking the api', async () => {
  renderWithProviders(<MessageDetailsPage />, { route: PATH.replace(':id', 'abc'), path: PATH });
  expect(await screen.findByText('Message not found')).toBeInTheDocument();
  expect(lastRequest(COMMUNICATION_PATHS.byId.replace(':id', 'abc'))).toBeUndefined();
});

it('shows "Could not load" with a Retry that asks again', async () => {
  server.use(communicationVariants.details.error);
  show();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Could not load');
  server.use(communicationVariants.details.ok);
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Client 7 (0970000007)')).toBeInTheDocument();
});
