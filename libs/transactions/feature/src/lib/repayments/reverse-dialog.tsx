import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { repaymentDeleteBodySchema, type Repayment, type RepaymentDeleteBody } from '@loan/shared-contract';
import { useDeleteRepaymentMutation } from '@loan/transactions-data-access';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { Button, Modal, Money, SubmitButton, TextAreaField } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';

/**
 * "Delete" of a repayment: a reversal with a reason, after confirming (NOTES.md). The row
 * stays in the ledger, marked reversed; the loan's balance is recomputed by the api.
 */
export function ReverseDialog({ repayment, onClose }: { repayment: Repayment; onClose: () => void }) {
  const [reverse] = useDeleteRepaymentMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RepaymentDeleteBody>({ resolver: zodResolver(repaymentDeleteBodySchema), defaultValues: { reason: '' } });
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setFailure(null);
    const res = await reverse({ id: repayment.id, reason });
    if ('error' in res) {
      setFailure(applyServerErrors(form, res.error, { fields: ['reason'], fallback: 'Could not reverse the repayment.' }).message);
      return;
    }
    onClose();
  });
  return (
    <Modal open title="Reverse this repayment?" onClose={onClose} size="sm">
      <form onSubmit={onSubmit} noValidate aria-label="Reverse repayment" className="space-y-4">
        <p className="text-sm text-gray-700 dark:text-gray-200">
          <Money value={repayment.amount} /> paid on {formatDate(repayment.paid_at)} for {repayment.reference_code} (ref {repayment.reference}) will
          no longer count; the loan&apos;s balance goes up by this amount. The row stays in the ledger, marked reversed.
        </p>
        <TextAreaField label="Reason" required rows={2} error={form.formState.errors.reason?.message} {...form.register('reason')} />
        {failure && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {failure}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <SubmitButton control={form.control} variant="danger">
            Reverse repayment
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
