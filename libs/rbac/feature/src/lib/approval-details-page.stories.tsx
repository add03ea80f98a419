import type { Meta } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { APPROVALS_PATHS, P } from '@loan/shared-contract';
import { approvalsHandlers, approvalsVariants, makePendingAction } from '@loan/shared-data-access-api/testing';
import { SCREENS } from '@loan/shared-screens';
import { page, screenStories } from '../../../../../tools/storybook/screen-stories';
import { ApprovalDetailsPage } from './approval-details-page';

// The same MSW variants as approvals-pages.spec.tsx (@loan/shared-data-access-api/testing).
const request = screenStories({
  workbench: { route: '/approvals/1', path: SCREENS.approvalDetails.path, permissions: [P.checkPendingActions] },
  handlers: approvalsHandlers,
  calls: approvalsVariants.byId,
  /** A request without before/after lines. */
  empty: { shows: { role: 'button', name: 'Approve' } },
  /** Not there, or not the caller's to see: the api answers 404. */
  notFound: {
    handlers: [http.get(APPROVALS_PATHS.byId, () => HttpResponse.json({ message: 'Request not found.' }, { status: 404 }))],
    shows: 'Request not found',
  },
  /** The maker's own request: visible, never approvable. */
  viewOnly: {
    handlers: [http.get(APPROVALS_PATHS.byId, () => HttpResponse.json(makePendingAction(1, { mine: true, can_decide: false })))],
    shows: 'Waiting for a second person: you cannot approve your own request.',
    hides: [
      { role: 'button', name: 'Approve' },
      { role: 'button', name: 'Reject' },
    ],
  },
});

export default { title: 'RBAC/Approval request', component: ApprovalDetailsPage, parameters: request.parameters } satisfies Meta<typeof ApprovalDetailsPage>;

/** Presses Approve and confirms it in the dialog. */
async function approve(el: HTMLElement) {
  const body = page(el);
  await userEvent.click(await body.findByRole('button', { name: 'Approve' }));
  const dialog = await body.findByRole('dialog', { name: 'Approve and carry it out?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
}

/** The before/after, then approve after the confirmation. */
export const Populated = request.flow({
  play: async ({ canvasElement }) => {
    const body = page(canvasElement);
    await expect(await body.findByRole('table', { name: 'Before and after' })).toHaveTextContent('ZMW 20,000.00');
    await approve(canvasElement);
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
});

/** The premise changed since the request: the approval fails and says why. */
export const ApproveFailed = request.flow({
  handlers: [http.post(APPROVALS_PATHS.approve, () => HttpResponse.json({ message: 'Not done: This loan has been disbursed already.' }, { status: 409 }))],
  act: approve,
  shows: { role: 'alert', text: 'Not done: This loan has been disbursed already.' },
});

/** Reject needs a reason; the server's 422 lands on it. */
export const RejectRefused = request.flow({
  handlers: [approvalsVariants.reject.invalid],
  act: async (el) => {
    const body = page(el);
    await userEvent.click(await body.findByRole('button', { name: 'Reject' }));
    const dialog = await body.findByRole('dialog', { name: 'Reject this request' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Too large');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
  },
  shows: 'Say why it is rejected.',
});

export const Loading = request.Loading, Empty = request.Empty, LoadError = request.LoadError, Forbidden = request.Forbidden, NotFound = request.NotFound, OwnRequest = request.ViewOnly;
