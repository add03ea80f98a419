import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { COMMUNICATION_PATHS, P, type PermissionName } from '@loan/shared-contract';
import { makeMessage } from '@loan/communication-data-access/testing';
import { lastRequest, setupApiServer } from '@loan/shared-data-access-api/testing';
import { renderScreen } from '@loan/shared-permissions/testing';
import { communicationVariants } from '@loan/communication-data-access/testing';
import { SCREENS } from '@loan/shared-screens';
import { MessageDetailsPage, REPORT_POLL_MS, REPORT_WAIT_MS } from './message-details-page';

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

/** A send of 10 whose figures go through `steps`, one per request (the last one repeats). */
function batchSteps(steps: Array<{ queued: number; sent: number; delivered: number; failed: number }>) {
  const seen = { calls: 0 };
  server.use(http.get(COMMUNICATION_PATHS.byId, () => HttpResponse.json(makeMessage(6, { batch_id: 'batch-1', status: 'sent' }))));
  server.use(
    http.get(COMMUNICATION_PATHS.batch, () => {
      seen.calls += 1;
      return HttpResponse.json({ batch_id: 'batch-1', total: 10, ...steps[Math.min(seen.calls, steps.length) - 1] });
    }),
  );
  return seen;
}
const figure = (panel: HTMLElement, label: string) => within(panel).getByText(label, { exact: true }).nextSibling;

it('follows its send while it runs, then its delivery reports until every recipient has a final state, then stops asking', async () => {
  const seen = batchSteps([
    { queued: 4, sent: 3, delivered: 2, failed: 1 },
    // Sending done; 6 sent messages still without their report.
    { queued: 0, sent: 9, delivered: 3, failed: 1 },
    // The reports came in (the sandbox's, a gateway's callback).
    { queued: 0, sent: 9, delivered: 9, failed: 1 },
  ]);
  show();
  const panel = await screen.findByRole('region', { name: 'Send progress' });
  expect(await within(panel).findByText('Sending: 6 of 10 done.')).toBeInTheDocument();
  expect(await within(panel).findByText('Finished: 10 messages. Waiting for 6 delivery reports.', {}, { timeout: 5000 })).toBeInTheDocument();
  expect(figure(panel, 'Awaiting report')).toHaveTextContent('6');
  // Still asked after "Finished" (every REPORT_POLL_MS): the late reports show without a reload.
  expect(await within(panel).findByText('Finished: 10 messages.', {}, { timeout: 8000 })).toBeInTheDocument();
  expect(figure(panel, 'Delivered')).toHaveTextContent('9');
  expect(figure(panel, 'Awaiting report')).toHaveTextContent('0');
  expect(figure(panel, 'Queued')).toHaveTextContent('0');
  // Every recipient delivered or failed: no more requests.
  const calls = seen.calls;
  await new Promise((r) => setTimeout(r, REPORT_POLL_MS + 500));
  expect(seen.calls).toBe(calls);
}, 25_000);

it('stops asking for delivery reports when nothing moved for REPORT_WAIT_MS, and Check again asks again', async () => {
  const seen = batchSteps([{ queued: 0, sent: 9, delivered: 3, failed: 1 }]);
  show();
  const panel = await screen.findByRole('region', { name: 'Send progress' });
  expect(await within(panel).findByText('Finished: 10 messages. Waiting for 6 delivery reports.')).toBeInTheDocument();
  // Later than the cap since the figures last moved: the next answer ends the asking.
  const now = Date.now();
  const clock = jest.spyOn(Date, 'now').mockReturnValue(now + REPORT_WAIT_MS + 1000);
  try {
    expect(await within(panel).findByText('Finished: 10 messages. 6 delivery reports have not come yet.', { exact: false }, { timeout: 8000 })).toBeInTheDocument();
    const calls = seen.calls;
    await new Promise((r) => setTimeout(r, REPORT_POLL_MS + 500));
    expect(seen.calls).toBe(calls);
    await userEvent.click(within(panel).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(seen.calls).toBe(calls + 1));
    expect(await within(panel).findByText('Finished: 10 messages. Waiting for 6 delivery reports.')).toBeInTheDocument();
  } finally {
    clock.mockRestore();
  }
}, 25_000);
