import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { suspenseRefundBodySchema, type RepayableLoan, type SuspenseItem } from '@loan/shared-contract';
import { useMatchSuspenseMutation, useRefundSuspenseMutation } from '@loan/transactions-data-access';
import { applyServerErrors, errorMessage } from '@loan/shared-data-access-api';
import { Button, Modal, Money, SubmitButton, TextField } from '@loan/shared-ui';
import { LoanPicker } from '../repayments/loan-picker';

/** What the dialogs say about the line: its amount, the provider's transaction id and the payer. */
function LineSummary({ item }: { item: SuspenseItem }) {
  return (
    <>
      <Money value={item.amount} /> received as {item.provider_transaction_id}
      {item.payer_msisdn ? ` from ${item.payer_msisdn}` : ''}
    </>
  );
}

/** Match a suspense line to a loan: after picking the loan, a confirmation; it becomes that loan's repayment. */
export function MatchDialog({ item, onClose }: { item: SuspenseItem; onClose: () => void }) {
  const [match, state] = useMatchSuspenseMutation();
  const [loan, setLoan] = useState<RepayableLoan | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    if (!loan) return;
    setFailure(null);
    const res = await match({ id: item.id, applicationId: loan.application_id });
    if ('error' in res) {
      setConfirming(false);
      setFailure(errorMessage(res.error, 'Could not match the line.'));
      return;
    }
    onClose();
  };
  return (
    <Modal open title={confirming ? 'Match this payment?' : 'Match to a loan'} onClose={onClose} size="md">
      {confirming && loan ? (
        <div className="space-y-4">
          <p className="text-sm text-gray-700 dark:text-gray-200">
            <LineSummary item={item} /> becomes a repayment of {loan.reference_code} ({loan.fullname}), and leaves suspense. This cannot be undone here: a wrong match is
            reversed on the repayments page.
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)} data-autofocus>
              Back
            </Button>
            <Button onClick={() => void submit()} loading={state.isLoading}>
              Match and record repayment
            </Button>
          </div>
        </div>
      ) : (
        <form
          aria-label="Match to a loan"
          className="space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!loan) setFailure('Choose the loan this payment is for.');
            else setConfirming(true);
          }}
        >
          <p className="text-sm text-gray-700 dark:text-gray-200">
            <LineSummary item={item} />
            {item.reference ? ` (reference given: ${item.reference})` : ''}.
          </p>
          <LoanPicker
            value={loan ? String(loan.application_id) : ''}
            onChange={(l) => {
              setLoan(l);
              setFailure(null);
            }}
          />
          {failure && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {failure}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Continue</Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** Mark a suspense line refunded (the money went back to the payer) with the refund's reference, after confirming. */
export function RefundDialog({ item, onClose }: { item: SuspenseItem; onClose: () => void }) {
  const [refund] = useRefundSuspenseMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ refund_reference: string }>({ resolver: zodResolver(suspenseRefundBodySchema), defaultValues: { refund_reference: '' } });
  const onSubmit = form.handleSubmit(async ({ refund_reference }) => {
    setFailure(null);
    const res = await refund({ id: item.id, refundReference: refund_reference });
    if ('error' in res) {
      setFailure(applyServerErrors(form, res.error, { fields: ['refund_reference'], fallback: 'Could not mark the line refunded.' }).message);
      return;
    }
    onClose();
  });
  return (
    <Modal open title="Mark this payment refunded?" onClose={onClose} size="sm">
      <form onSubmit={onSubmit} noValidate aria-label="Mark refunded" className="space-y-4">
        <p className="text-sm text-gray-700 dark:text-gray-200">
          <LineSummary item={item} /> leaves suspense as refunded to the payer. No repayment is recorded.
        </p>
        <TextField label="Refund reference" required error={form.formState.errors.refund_reference?.message} {...form.register('refund_reference')} />
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
            Mark refunded
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
