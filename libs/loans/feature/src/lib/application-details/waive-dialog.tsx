import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { WAIVABLE_PARTS, loanWaiverBodySchema, type LoanAccountDetails, type LoanWaiverBody, type LoanWaiverData, type WaivablePart } from '@loan/shared-contract';
import { useWaiveLoanChargesMutation } from '@loan/loans-data-access';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { FormActions, Modal, SelectField, TextAreaField, TextField } from '@loan/shared-ui';
import { formatMoney } from '@loan/shared-util-format';

const PART_LABEL: Record<WaivablePart, string> = { penalty: 'Penalty', fees: 'Fees', interest: 'Interest' };

export interface AccountDialogProps {
  account: LoanAccountDetails;
  /** The loan's reference code (the dialog's title names it). */
  reference: string;
  onClose: () => void;
}

/** Waive part of a penalty, the fees or the interest (`can waive loan charges`); the reason is required. */
export function WaiveDialog({ account, reference, onClose }: AccountDialogProps) {
  const [waive] = useWaiveLoanChargesMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const owed = account.outstanding;
  const first = WAIVABLE_PARTS.find((p) => Number(owed[p]) > 0) ?? 'penalty';
  const form = useForm<LoanWaiverBody, unknown, LoanWaiverData>({
    resolver: zodResolver(loanWaiverBodySchema),
    defaultValues: { part: first, amount: '', reason: '' },
  });
  const { errors } = form.formState;
  const part = useWatch({ control: form.control, name: 'part' }) as WaivablePart;

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    const res = await waive({ id: account.application_id, body });
    if ('error' in res) {
      setFailure(applyServerErrors(form, res.error, { fields: ['part', 'amount', 'reason'], fallback: 'Could not waive.' }).message);
      return;
    }
    onClose();
  });

  return (
    <Modal open title={`Waive charges on ${reference}`} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate aria-label="Waive charges" className="space-y-4">
        <SelectField
          label="Part"
          required
          options={WAIVABLE_PARTS.map((p) => ({ value: p, label: `${PART_LABEL[p]} (${formatMoney(owed[p])} outstanding)` }))}
          error={errors.part?.message}
          data-autofocus
          {...form.register('part')}
        />
        <TextField
          label="Amount (ZMW)"
          required
          inputMode="decimal"
          hint={`At most ${formatMoney(owed[part] ?? '0.00')}`}
          error={errors.amount?.message}
          {...form.register('amount')}
        />
        <TextAreaField label="Reason" required error={errors.reason?.message} {...form.register('reason')} />
        <FormActions control={form.control} failure={failure} onCancel={onClose}>
          Waive
        </FormActions>
      </form>
    </Modal>
  );
}
