import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  repaymentCreateBodySchema,
  repaymentUpdateBodySchema,
  type RepayableLoan,
  type Repayment,
  type RepaymentCreateBody,
  type RepaymentResult,
} from '@loan/shared-contract';
import { useCreateRepaymentMutation, useUpdateRepaymentMutation } from '@loan/transactions-data-access';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { FormActions, Modal, Money, SelectField, TextAreaField, TextField } from '@loan/shared-ui';
import { businessTodayOf } from '@loan/shared-util-format';
import { LoanPicker, NextInstalment } from './loan-picker';
import { METHOD_OPTIONS } from './repayment-labels';

const FIELDS = ['reference_code', 'amount', 'paid_at', 'method', 'reference', 'note'] as const;

export interface RepaymentFormProps {
  /** The repayment to edit; a new one when absent. */
  editing?: Repayment;
  onClose: () => void;
  /** After saving: the repayment and the loan's new balance. */
  onSaved: (result: RepaymentResult) => void;
}

/**
 * Add (`POST /create`) or edit (`PUT /update/:id`) one repayment. Adding starts with the
 * loan picker (balance and next instalment); the server's field errors (over the balance,
 * a reference seen before, a future date...) land on their fields.
 */
export function RepaymentForm({ editing, onClose, onSaved }: RepaymentFormProps) {
  const [create] = useCreateRepaymentMutation();
  const [update] = useUpdateRepaymentMutation();
  const [loan, setLoan] = useState<RepayableLoan | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RepaymentCreateBody>({
    resolver: zodResolver(editing ? repaymentUpdateBodySchema.extend({ reference_code: repaymentCreateBodySchema.shape.reference_code }) : repaymentCreateBodySchema),
    defaultValues: {
      reference_code: editing?.reference_code ?? '',
      amount: editing?.amount ?? '',
      paid_at: editing?.paid_at ?? businessTodayOf(),
      method: (editing?.method as RepaymentCreateBody['method']) ?? 'mobile_money',
      reference: editing?.reference ?? '',
      note: editing?.note ?? '',
    },
  });
  const { errors } = form.formState;
  const code = useWatch({ control: form.control, name: 'reference_code' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const { reference_code, ...change } = values;
    const res = editing ? await update({ id: editing.id, body: change }) : await create({ reference_code, ...change });
    if ('error' in res) {
      setFailure(applyServerErrors(form, res.error, { fields: [...FIELDS], fallback: 'Could not save the repayment.' }).message);
      return;
    }
    onSaved(res.data);
  });

  const title = editing ? `Edit repayment ${editing.reference ?? ''}` : 'Add repayment';
  return (
    <Modal open title={title} onClose={onClose} size="lg">
      <form onSubmit={onSubmit} noValidate aria-label={title} className="space-y-4">
        {editing ? (
          <p className="text-sm">
            Loan <strong>{editing.reference_code}</strong> · {editing.client_name}
          </p>
        ) : (
          <>
            <LoanPicker
              value={code}
              error={errors.reference_code?.message}
              onChange={(l) => {
                setLoan(l);
                form.setValue('reference_code', l.reference_code, { shouldValidate: true, shouldDirty: true });
              }}
            />
            {loan && (
              <p className="rounded-md bg-gray-50 p-3 text-sm dark:bg-slate-900" aria-live="polite">
                <strong>{loan.reference_code}</strong>: balance <Money value={loan.balance} />, next <NextInstalment loan={loan} />
              </p>
            )}
          </>
        )}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="Amount (ZMW)" inputMode="decimal" required error={errors.amount?.message} {...form.register('amount')} />
          <TextField label="Paid on" type="date" required max={businessTodayOf()} error={errors.paid_at?.message} {...form.register('paid_at')} />
          <SelectField label="Method" options={METHOD_OPTIONS} error={errors.method?.message} {...form.register('method')} />
          <TextField label="Payment reference" required hint="The bank's or mobile money's reference" error={errors.reference?.message} {...form.register('reference')} />
        </div>
        <TextAreaField label="Note" rows={2} error={errors.note?.message as string | undefined} {...form.register('note')} />
        <FormActions control={form.control} failure={failure} onCancel={onClose}>
          {editing ? 'Save changes' : 'Record repayment'}
        </FormActions>
      </form>
    </Modal>
  );
}
