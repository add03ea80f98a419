import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loanRecoveryBodySchema, type LoanRecoveryBody, type LoanRecoveryData } from '@loan/shared-contract';
import { useRecordRecoveryMutation } from '@loan/loans-data-access';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { FormActions, Modal, TextField } from '@loan/shared-ui';
import type { AccountDialogProps } from './waive-dialog';

/** Money received on a written-off loan (`can add repayments`): amount, date received, reference. */
export function RecoveryDialog({ account, reference, onClose }: AccountDialogProps) {
  const [record] = useRecordRecoveryMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoanRecoveryBody, unknown, LoanRecoveryData>({
    resolver: zodResolver(loanRecoveryBodySchema),
    defaultValues: { amount: '', paid_at: '', reference: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    const res = await record({ id: account.application_id, body });
    if ('error' in res) {
      setFailure(applyServerErrors(form, res.error, { fields: ['amount', 'paid_at', 'reference'], fallback: 'Could not record the recovery.' }).message);
      return;
    }
    onClose();
  });

  return (
    <Modal open title={`Record a recovery on ${reference}`} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate aria-label="Record a recovery" className="space-y-4">
        <TextField label="Amount (ZMW)" required inputMode="decimal" error={errors.amount?.message} data-autofocus {...form.register('amount')} />
        <TextField label="Received on" type="date" required error={errors.paid_at?.message} {...form.register('paid_at')} />
        <TextField label="Payment reference" required error={errors.reference?.message} {...form.register('reference')} />
        <FormActions control={form.control} failure={failure} onCancel={onClose}>
          Record recovery
        </FormActions>
      </form>
    </Modal>
  );
}
