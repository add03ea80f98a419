import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loanWriteOffBodySchema, type LoanWriteOffBody, type LoanWriteOffData } from '@loan/shared-contract';
import { useWriteOffLoanMutation } from '@loan/loans-data-access';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { Fact, FormActions, Modal, Money, TextAreaField } from '@loan/shared-ui';
import { formatMoney } from '@loan/shared-util-format';
import type { AccountDialogProps } from './waive-dialog';

/**
 * Write a loan off (`can write off loans`): the dialog is the confirmation, showing what is
 * written off by part; the reason is required. No more penalties or reminders after it.
 */
export function WriteOffDialog({ account, reference, onClose }: AccountDialogProps) {
  const [writeOff] = useWriteOffLoanMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoanWriteOffBody, unknown, LoanWriteOffData>({ resolver: zodResolver(loanWriteOffBodySchema), defaultValues: { reason: '' } });
  const o = account.outstanding;

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    const res = await writeOff({ id: account.application_id, body });
    if ('error' in res) {
      setFailure(applyServerErrors(form, res.error, { fields: ['reason'], fallback: 'Could not write the loan off.' }).message);
      return;
    }
    onClose();
  });

  return (
    <Modal open title={`Write off loan ${reference}?`} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate aria-label="Write off" className="space-y-4">
        <p className="text-sm">Everything outstanding is written off. The loan stops accruing penalties and leaves the arrears; this cannot be undone.</p>
        <dl aria-label="Written off" className="grid grid-cols-2 gap-3 rounded-lg bg-gray-50 p-3 dark:bg-slate-900/60">
          <Fact label="Principal"><Money value={o.principal} /></Fact>
          <Fact label="Interest"><Money value={o.interest} /></Fact>
          <Fact label="Fees"><Money value={o.fees} /></Fact>
          <Fact label="Penalties"><Money value={o.penalty} /></Fact>
          <Fact label="Total written off" className="col-span-2"><strong><Money value={o.total} /></strong></Fact>
        </dl>
        <TextAreaField label="Reason" required error={form.formState.errors.reason?.message} data-autofocus {...form.register('reason')} />
        <FormActions control={form.control} failure={failure} onCancel={onClose} variant="danger">
          Write off {formatMoney(o.total)}
        </FormActions>
      </form>
    </Modal>
  );
}
