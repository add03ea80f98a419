import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { P, loanSettleBodySchema, type LoanSettleBody, type LoanSettleData, type LoanSettlementQuote } from '@loan/shared-contract';
import { useGetSettlementQuoteQuery, useSettleLoanMutation } from '@loan/loans-data-access';
import { applyServerErrors, errorMessage } from '@loan/shared-data-access-api';
import { usePermission } from '@loan/shared-permissions';
import { Button, ErrorState, Fact, FormActions, Modal, Money, PrintButton, Skeleton, TextField } from '@loan/shared-ui';
import { formatDate } from '@loan/shared-util-format';
import type { AccountDialogProps } from './waive-dialog';

function QuoteFacts({ q }: { q: LoanSettlementQuote }) {
  return (
    <dl aria-label="Settlement quote" className="grid grid-cols-2 gap-3">
      <Fact label="Principal"><Money value={q.principal} /></Fact>
      <Fact label="Interest"><Money value={q.interest} /></Fact>
      <Fact label="Fees"><Money value={q.fees} /></Fact>
      <Fact label="Penalties"><Money value={q.penalty} /></Fact>
      <Fact label="To settle today" className="col-span-2">
        <strong className="text-lg"><Money value={q.total} /></strong>
      </Fact>
      <Fact label="Interest not charged"><Money value={q.interest_forgiven} /></Fact>
      <Fact label="Valid to">End of {formatDate(q.valid_to)}</Fact>
    </dl>
  );
}

/**
 * Today's settlement quote (valid to the end of the business day), printable; with `can add
 * repayments`, the payment of it, which closes the loan (a 422 on `amount` when the quote moved on).
 */
export function SettlementQuoteDialog({ account, reference, onClose }: AccountDialogProps) {
  const quote = useGetSettlementQuoteQuery(account.application_id, { refetchOnMountOrArgChange: true });
  const canSettle = usePermission(P.addRepayments);
  const [settle] = useSettleLoanMutation();
  const [settling, setSettling] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const printable = useRef<HTMLDivElement>(null);
  const form = useForm<LoanSettleBody, unknown, LoanSettleData>({ resolver: zodResolver(loanSettleBodySchema), defaultValues: { amount: '', reference: '' } });
  const q = quote.data;

  const onSubmit = form.handleSubmit(async (body) => {
    setFailure(null);
    const res = await settle({ id: account.application_id, body });
    if ('error' in res) {
      const left = applyServerErrors(form, res.error, { fields: ['amount', 'reference'], fallback: 'Could not settle the loan.' });
      setFailure(left.message);
      if (left.fields.includes('amount')) void quote.refetch();
      return;
    }
    onClose();
  });

  return (
    <Modal open title={`Settlement quote for ${reference}`} onClose={onClose}>
      {quote.isError && !q ? (
        <ErrorState title="Could not get the quote" message={errorMessage(quote.error, 'Please try again.')} onRetry={() => void quote.refetch()} />
      ) : !q ? (
        <Skeleton lines={4} label="Getting the quote..." />
      ) : (
        <div className="space-y-4">
          <div ref={printable}>
            <h2 className="sr-only">Settlement quote {reference}</h2>
            <p className="mb-3 text-sm text-gray-600 dark:text-gray-300">
              To close loan {reference} today ({formatDate(q.as_of)}). Valid to the end of {formatDate(q.valid_to)}, Lusaka time.
            </p>
            <QuoteFacts q={q} />
          </div>
          <div className="flex flex-wrap gap-2">
            <PrintButton target={printable} title={`Settlement quote ${reference}`} size="sm">
              Print quote
            </PrintButton>
            {canSettle && !settling && (
              <Button
                size="sm"
                onClick={() => {
                  form.reset({ amount: q.total, reference: '' });
                  setSettling(true);
                }}
              >
                Record settlement
              </Button>
            )}
          </div>
          {settling && (
            <form onSubmit={onSubmit} noValidate aria-label="Record settlement" className="space-y-4 border-t border-gray-100 pt-4 dark:border-slate-700">
              <TextField label="Amount (ZMW)" required readOnly inputMode="decimal" hint="The quote's total" error={form.formState.errors.amount?.message} {...form.register('amount')} />
              <TextField label="Payment reference" required data-autofocus error={form.formState.errors.reference?.message} {...form.register('reference')} />
              <FormActions control={form.control} failure={failure} onCancel={() => setSettling(false)}>
                Settle and close
              </FormActions>
            </form>
          )}
        </div>
      )}
    </Modal>
  );
}
