import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loanUpdateBodySchema, type LoanApplication, type LoanUpdateBody } from '@loan/shared-contract';
import { useUpdateLoanMutation } from '@loan/loans-data-access';
import { applyServerErrors, useGetLoanLimitsQuery } from '@loan/shared-data-access-api';
import { formatMoney } from '@loan/shared-util-format';
import { Card, FormActions, TextField } from '@loan/shared-ui';
import { useState } from 'react';
import type { LoanKindUi } from './loan-kind';

type Editable = 'employer' | 'mobile' | 'nrc' | 'amount' | 'total_amount_due';

/** Whether staff may still correct the loan's fields (the server refuses rejected and closed ones). */
export function isEditable(row: Pick<LoanApplication, 'status'>): boolean {
  return row.status === 'request' || row.status === 'approved';
}

/**
 * PUT /update with the fields staff may correct: employer, mobile and NRC, and the amounts
 * while the loan is a request. Only the changed fields are sent; a 422 goes on its field.
 */
export function LoanEditForm({ row, ui, onDone }: { row: LoanApplication; ui: LoanKindUi; onDone: () => void }) {
  const withAmounts = row.status === 'request';
  const [update] = useUpdateLoanMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // The loan product's limits (/settings/loan-product); the api refuses an amount outside them.
  const limits = useGetLoanLimitsQuery(undefined, { skip: !withAmounts }).data;
  const defaults: LoanUpdateBody = {
    id: row.id,
    employer: row.employer ?? '',
    mobile: row.mobile,
    nrc: row.nrc,
    ...(withAmounts ? { amount: row.amount, total_amount_due: row.total_amount_due } : {}),
  };
  const form = useForm<LoanUpdateBody>({ resolver: zodResolver(loanUpdateBodySchema), defaultValues: defaults });
  const { errors, dirtyFields, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const changed = (Object.keys(dirtyFields) as Editable[]).filter((k) => k !== ('id' as Editable));
    const body: LoanUpdateBody = { id: row.id, ...Object.fromEntries(changed.map((k) => [k, values[k]])) };
    const res = await update({ kind: ui.kind, body });
    if ('error' in res) {
      setFailure(applyServerErrors(form, res.error, { fields: ['employer', 'mobile', 'nrc', 'amount', 'total_amount_due'] }).message);
      return;
    }
    onDone();
  });

  return (
    <Card title={`Edit ${ui.noun.toLowerCase()}`}>
      <form onSubmit={onSubmit} noValidate aria-label={`Edit ${ui.noun.toLowerCase()}`} className="space-y-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField label="Employer" error={errors.employer?.message} {...form.register('employer')} />
          <TextField label="Mobile" type="tel" error={errors.mobile?.message} {...form.register('mobile')} />
          <TextField label="NRC" error={errors.nrc?.message} {...form.register('nrc')} />
          {withAmounts && (
            <>
              <TextField
                label="Amount (ZMW)"
                inputMode="decimal"
                hint={limits ? `From ${formatMoney(limits.min_amount)} to ${formatMoney(limits.max_amount)}` : undefined}
                error={errors.amount?.message}
                {...form.register('amount')}
              />
              <TextField label="Total due (ZMW)" inputMode="decimal" error={errors.total_amount_due?.message} {...form.register('total_amount_due')} />
            </>
          )}
        </div>
        <FormActions control={form.control} failure={failure} onCancel={onDone} disabled={!isDirty}>
          Save changes
        </FormActions>
      </form>
    </Card>
  );
}
