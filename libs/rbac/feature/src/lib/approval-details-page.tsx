import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { pendingActionRejectBodySchema, type PendingAction, type PendingActionRejectBody } from '@loan/shared-contract';
import {
  applyServerErrors,
  errorMessage,
  isFetchError,
  useApprovePendingActionMutation,
  useGetPendingActionQuery,
  useRejectPendingActionMutation,
} from '@loan/shared-data-access-api';
import { SCREENS } from '@loan/shared-screens';
import { Button, ButtonLink, Card, ConfirmDialog, ErrorState, Modal, NotFound, PageSection, SectionTitleBar, Skeleton, SubmitButton, TextAreaField } from '@loan/shared-ui';
import { PendingActionView } from './pending-action-view';

const SCREEN = SCREENS.approvalDetails;

/** /approvals/:id: one request, and (for a checker who is not its maker) approve or reject with a reason. */
export function ApprovalDetailsPage() {
  const { id } = useParams();
  const n = Number(id);
  const valid = Number.isInteger(n) && n > 0;
  const query = useGetPendingActionQuery(n, { skip: !valid });
  if (!valid || (query.isError && isFetchError(query.error) && query.error.status === 404)) {
    return <NotFound title="Request not found" message="This request does not exist, or it is not yours to see." backTo="/approvals" backLabel="Back to approvals" />;
  }
  return (
    <PageSection>
      <SectionTitleBar title={SCREEN.title} subtitle="Check what the action will do before approving it: it runs the moment you approve." />
      {query.isLoading ? (
        <Skeleton lines={6} label="Loading..." />
      ) : query.isError || !query.data ? (
        <ErrorState title="Could not load" onRetry={() => void query.refetch()} retryLabel="Retry" />
      ) : (
        <Card>
          <PendingActionView action={query.data} />
          <Decision action={query.data} />
        </Card>
      )}
    </PageSection>
  );
}

function Decision({ action }: { action: PendingAction }) {
  const [approve, approving] = useApprovePendingActionMutation();
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!action.can_decide) {
    return (
      <p className="mt-4 text-sm text-gray-600 dark:text-gray-300">
        {action.status !== 'pending'
          ? 'This request is decided.'
          : action.mine
            ? 'Waiting for a second person: you cannot approve your own request.'
            : 'You cannot decide this request.'}
      </p>
    );
  }
  const doApprove = async () => {
    setFailure(null);
    const res = await approve(action.id);
    setConfirming(false);
    if ('error' in res) setFailure(errorMessage(res.error, 'Could not approve.'));
  };
  return (
    <div className="mt-4 space-y-2">
      {failure && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setConfirming(true)}>Approve</Button>
        <Button variant="danger" onClick={() => setRejecting(true)}>
          Reject
        </Button>
        <ButtonLink variant="secondary" to="/approvals">
          Back
        </ButtonLink>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Approve and carry it out?"
        message={`${action.summary.title}. It runs now, in ${action.maker.name}'s name, with you recorded as the checker.`}
        confirmLabel="Approve"
        tone="primary"
        busy={approving.isLoading}
        onConfirm={() => void doApprove()}
        onCancel={() => setConfirming(false)}
      />
      {rejecting && <RejectDialog action={action} onClose={() => setRejecting(false)} />}
    </div>
  );
}

function RejectDialog({ action, onClose }: { action: PendingAction; onClose: () => void }) {
  const [reject] = useRejectPendingActionMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PendingActionRejectBody>({ resolver: zodResolver(pendingActionRejectBodySchema), defaultValues: { reason: '' } });
  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    const res = await reject({ id: action.id, reason: body.reason });
    if ('error' in res) setFailure(applyServerErrors(form, res.error, { fields: ['reason'], fallback: 'Could not reject.' }).message);
    else onClose();
  });
  return (
    <Modal open title="Reject this request" onClose={onClose} size="sm">
      <form noValidate onSubmit={submit} className="space-y-3">
        <p className="text-sm text-gray-700 dark:text-gray-200">{action.summary.title}. {action.maker.name} sees your reason.</p>
        <TextAreaField label="Reason" required rows={3} error={form.formState.errors.reason?.message} {...form.register('reason')} />
        {failure && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {failure}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton control={form.control} variant="danger">
            Reject
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

export default ApprovalDetailsPage;
