import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { canTransition, formatMoney, loanUpdateBodySchema, type LoanApplication, type LoanStatus } from '@loan/shared-contract';
import { useDeleteLoanMutation, useUpdateLoanMutation } from '@loan/loans-data-access';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { usePermissions } from '@loan/shared-permissions';
import { Button, ConfirmDialog, Modal, SubmitButton, TextAreaField } from '@loan/shared-ui';
import type { LoanKindUi } from './loan-kind';

type Confirming = 'approved' | 'closed' | 'delete' | null;

const rejectSchema = z.object({ reason: loanUpdateBodySchema.shape.reason.unwrap() });
type RejectForm = z.input<typeof rejectSchema>;

export interface LoanActionsProps {
  row: LoanApplication;
  ui: LoanKindUi;
  /** Called after the server refused a change (409): the row may have moved on. */
  onRefused: () => void;
}

/**
 * Approve, reject (with a reason), close and delete: each offered only with its permission
 * and only when the status allows it (NOTES.md transitions). The server's 409 is the
 * endpoint's toast; success updates this loan, its lists, counts and the dashboard by tags.
 */
export function LoanActions({ row, ui, onRefused }: LoanActionsProps) {
  const can = usePermissions();
  const navigate = useNavigate();
  const [update, updating] = useUpdateLoanMutation();
  const [remove, removing] = useDeleteLoanMutation();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [rejecting, setRejecting] = useState(false);
  const allowed = (to: Exclude<LoanStatus, 'request'>) => canTransition(row.status, to) && can(ui.perms.transition[to]);
  const noun = ui.noun.toLowerCase();

  const reject = useForm<RejectForm>({ resolver: zodResolver(rejectSchema), defaultValues: { reason: '' } });

  async function transition(status: 'approved' | 'closed') {
    const res = await update({ kind: ui.kind, body: { id: row.id, status } });
    setConfirming(null);
    if ('error' in res) onRefused();
  }

  async function doDelete() {
    const res = await remove({ kind: ui.kind, id: row.id, reference: row.reference_code });
    setConfirming(null);
    if (!('error' in res)) navigate(ui.listHref(row.status), { replace: true });
  }

  const onReject = reject.handleSubmit(async ({ reason }) => {
    const res = await update({ kind: ui.kind, body: { id: row.id, status: 'rejected', reason } });
    if ('error' in res) {
      applyServerErrors(reject, res.error, { fields: ['reason'] });
      onRefused();
      return;
    }
    setRejecting(false);
    reject.reset();
  });

  const buttons = [
    allowed('approved') && (
      <Button key="approve" variant="success" onClick={() => setConfirming('approved')}>
        Approve
      </Button>
    ),
    allowed('rejected') && (
      <Button key="reject" variant="secondary" onClick={() => setRejecting(true)}>
        Reject
      </Button>
    ),
    allowed('closed') && (
      <Button key="close" variant="secondary" onClick={() => setConfirming('closed')}>
        Close
      </Button>
    ),
    can(ui.perms.delete) && (
      <Button key="delete" variant="danger" onClick={() => setConfirming('delete')}>
        Delete
      </Button>
    ),
  ].filter(Boolean);

  if (!buttons.length) return null;
  return (
    <div role="group" aria-label={`${ui.noun} actions`} className="flex flex-wrap gap-2">
      {buttons}
      <ConfirmDialog
        open={confirming === 'approved'}
        title={`Approve ${noun} ${row.reference_code}?`}
        message={`${row.fullname} is lent ${formatMoney(row.amount)} over ${row.tenure_months} months. An offer letter can then be generated.`}
        confirmLabel="Approve"
        tone="success"
        busy={updating.isLoading}
        onConfirm={() => void transition('approved')}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'closed'}
        title={`Close ${noun} ${row.reference_code}?`}
        message="A closed loan is final: it cannot be edited or reopened."
        confirmLabel="Close loan"
        tone="primary"
        busy={updating.isLoading}
        onConfirm={() => void transition('closed')}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        title={`Delete ${noun} ${row.reference_code}?`}
        message={`The ${noun} leaves every list and figure. This cannot be undone.`}
        confirmLabel="Delete"
        busy={removing.isLoading}
        onConfirm={() => void doDelete()}
        onCancel={() => setConfirming(null)}
      />
      <Modal
        open={rejecting}
        title={`Reject ${noun} ${row.reference_code}`}
        onClose={() => setRejecting(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
            <SubmitButton control={reject.control} variant="danger" form="reject-form">
              Reject
            </SubmitButton>
          </>
        }
      >
        <form id="reject-form" onSubmit={onReject} noValidate>
          <TextAreaField
            label="Reason"
            required
            hint="Kept as a comment on the application."
            error={reject.formState.errors.reason?.message}
            data-autofocus
            {...reject.register('reason')}
          />
        </form>
      </Modal>
    </div>
  );
}
