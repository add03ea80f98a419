import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { COMMUNICATION_PATHS, P, type PermissionName } from '@loan/shared-contract';
import { makeMessage } from '@loan/communication-data-access/testing';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { communicationVariants } from '@loan/communication-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import { MessageDetailsPage } from './message-details-page';

const server = setupApiServer(communicationVariants.details.ok, communicationVariants.batch.ok, communicationVariants.retry.ok);
const PATH = SCREENS.messageDetails.path;
const show = () => renderScreen(<MessageDetailsPage />, { route: PATH.replace(':id', '7'), path: PATH, permissions: [P.viewCommunicationModule] });
const showAs = (permissions: PermissionName[]) => renderScreen(<MessageDetailsPage />, { route: PATH.replace(':id', '7'), path: PATH, permissions });

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
  renderScreen(<MessageDetailsPage />, { route: PATH.replace(':id', 'abc'), path: PATH, permissions: [P.viewCommunicationModule] });
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

it('retries a failed message (can create message), once; nothing to retry without the permission', async () => {
  // Message 7 of the fixtures failed (n % 4 === 3).
  const view = showAs([P.viewCommunicationModule]);
  expect(await screen.findByText('SMS gateway answered 500')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Retry sending' })).not.toBeInTheDocument();
  view.unmount();
  showAs([P.viewCommunicationModule, P.createMessage]);
  await userEvent.click(await screen.findByRole('button', { name: 'Retry sending' }));
  expect(await screen.findByText('Message queued again.')).toBeInTheDocument();
  expect(lastRequest(COMMUNICATION_PATHS.retry.replace(':id', '7'), 'POST')).toBeDefined();
});

it('shows the progress of its send and refreshes it while any message waits', async () => {
  server.use(http.get(COMMUNICATION_PATHS.byId, () => HttpResponse.json(makeMessage(6, { batch_id: 'batch-1', status: 'sent' }))));
  let calls = 0;
  server.use(
    http.get(COMMUNICATION_PATHS.batch, () => {
      calls += 1;
      return HttpResponse.json(
        calls < 2 ? { batch_id: 'batch-1', total: 10, queued: 4, sent: 3, delivered: 2, failed: 1 } : { batch_id: 'batch-1', total: 10, queued: 0, sent: 6, delivered: 3, failed: 1 },
      );
    }),
  );
  show();
  const panel = await screen.findByRole('region', { name: 'Send progress' });
  expect(await within(panel).findByText('Sending: 6 of 10 done.')).toBeInTheDocument();
  // Asked again while running (every PROGRESS_POLL_MS), then it stops asking once finished.
  expect(await within(panel).findByText('Finished: 10 messages.', {}, { timeout: 5000 })).toBeInTheDocument();
  expect(within(panel).getByText('Waiting').nextSibling).toHaveTextContent('0');
  const seen = calls;
  await new Promise((r) => setTimeout(r, 2500));
  expect(calls).toBe(seen);
}, 15_000);
