import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  loanRescheduleBodySchema,
  type LoanRescheduleBody,
  type LoanRescheduleData,
  type LoanReschedulePreview,
} from '@loan/shared-contract';
import { usePreviewRescheduleMutation, useRescheduleLoanMutation } from '@loan/loans-data-access';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { Button, DataTable, Fact, FormActions, Modal, Money, TextAreaField, TextField } from '@loan/shared-ui';
import { reschedulePreviewColumns } from './loan-account-columns';
import type { AccountDialogProps } from './waive-dialog';

const FIELDS = ['tenure', 'monthly_rate_percent', 'reason'] as const;
/** An emptied number field is left out (the contract takes a tenure, a rate or both). */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * Reschedule what is outstanding (`can reschedule loans`): a new tenure or monthly rate and a
 * reason; the new schedule is previewed by the server (saves nothing) and must be seen before
 * the reschedule is confirmed. Changing a field drops the preview.
 */
export function RescheduleDialog({ account, reference, onClose }: AccountDialogProps) {
  const [preview, previewing] = usePreviewRescheduleMutation();
  const [reschedule, rescheduling] = useRescheduleLoanMutation();
  const [shown, setShown] = useState<{ body: LoanRescheduleData; preview: LoanReschedulePreview } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoanRescheduleBody, unknown, LoanRescheduleData>({
    resolver: zodResolver(loanRescheduleBodySchema),
    defaultValues: { tenure: undefined, monthly_rate_percent: undefined, reason: '' },
  });
  const { errors } = form.formState;
  const fail = (error: unknown, fallback: string) => setFailure(applyServerErrors(form, error, { fields: [...FIELDS], fallback }).message);
  const register = (name: (typeof FIELDS)[number]) => form.register(name, { setValueAs: blankToUndefined, onChange: () => setShown(null) });

  const onPreview = form.handleSubmit(async (body) => {
    setFailure(null);
    const res = await preview({ id: account.application_id, body });
    if ('error' in res) return fail(res.error, 'Could not preview the new schedule.');
    setShown({ body, preview: res.data });
  });

  async function confirm() {
    if (!shown) return;
    setFailure(null);
    const res = await reschedule({ id: account.application_id, body: shown.body });
    if ('error' in res) {
      setShown(null);
      return fail(res.error, 'Could not reschedule the loan.');
    }
    onClose();
  }

  const p = shown?.preview;
  return (
    <Modal open title={`Reschedule loan ${reference}`} onClose={onClose} size="lg">
      <form onSubmit={onPreview} noValidate aria-label="Reschedule" className="space-y-4">
        <p className="text-sm text-gray-600 dark:text-gray-300">
          What is outstanding (<Money value={account.outstanding.total} />) is spread over a new schedule starting a month from today. Give a new tenure, a new
          monthly rate, or both.
        </p>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="New tenure (months)" inputMode="numeric" error={errors.tenure?.message} data-autofocus {...register('tenure')} />
          <TextField label="New monthly rate (%)" inputMode="decimal" error={errors.monthly_rate_percent?.message} {...register('monthly_rate_percent')} />
        </div>
        <TextAreaField label="Reason" required error={errors.reason?.message} {...register('reason')} />
        {!p && (
          <FormActions control={form.control} failure={failure} onCancel={onClose} busy={previewing.isLoading}>
            Preview the new schedule
          </FormActions>
        )}
      </form>
      {p && (
        <section aria-label="Reschedule preview" className="mt-4 space-y-3 border-t border-gray-100 pt-4 dark:border-slate-700">
          <h3 className="font-semibold">New schedule (version {p.schedule_version})</h3>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Fact label="Tenure">{p.tenure} months</Fact>
            <Fact label="Monthly rate">{p.monthly_rate_percent}%</Fact>
            <Fact label="Outstanding now"><Money value={p.outstanding_before.total} /></Fact>
            <Fact label="Total repayable"><strong><Money value={p.total_repayable} /></strong></Fact>
          </dl>
          <DataTable caption="New schedule" columns={reschedulePreviewColumns} data={p.instalments} getRowId={(r) => String(r.no)} />
          {failure && <p role="alert" className="text-sm text-red-700 dark:text-red-300">{failure}</p>}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setShown(null)}>
              Change
            </Button>
            <Button loading={rescheduling.isLoading} onClick={() => void confirm()}>
              Confirm reschedule
            </Button>
          </div>
        </section>
      )}
    </Modal>
  );
}
