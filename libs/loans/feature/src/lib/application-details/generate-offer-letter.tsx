import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from 'react-redux';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { generateOfferForIdSchema, type GeneratedOffer, type LoanApplication } from '@loan/shared-contract';
import { useGenerateOfferLetterMutation } from '@loan/loans-data-access';
import { applyServerErrors } from '@loan/shared-data-access-api';
import { selectUser, type SessionRootState } from '@loan/shared-session';
import { Button, Modal, SignaturePadField, SubmitButton, TextField, type SignaturePadHandle } from '@loan/shared-ui';
import { CopyLink } from '../offer-letters/copy-link';
import { contractHref } from '../offer-letters/offer-state';
import type { LoanKindUi } from './loan-kind';

const formSchema = z.object({ authorized_rep_name: generateOfferForIdSchema.shape.authorized_rep_name.unwrap() });
type Form = z.input<typeof formSchema>;

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** When a letter may be generated: approved, and no letter yet or the last one expired (or pending: a new one replaces it). */
export function canGenerate(row: LoanApplication): boolean {
  return row.status === 'approved' && row.offerLetter?.status !== 'signed';
}

/**
 * "Generate offer letter" on an approved loan: the authorized representative's name and
 * signature drawn on the pad; the borrower gets the borrower app's link by SMS. One
 * Idempotency-Key per dialog, so a double click or a retry sends one letter and one SMS.
 */
export function GenerateOfferLetter({ row, ui }: { row: LoanApplication; ui: LoanKindUi }) {
  const user = useSelector((s: SessionRootState) => selectUser(s));
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(newKey);
  const [result, setResult] = useState<GeneratedOffer | null>(null);
  const [signatureError, setSignatureError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const pad = useRef<SignaturePadHandle>(null);
  const [generate] = useGenerateOfferLetterMutation();
  const form = useForm<Form>({ resolver: zodResolver(formSchema), defaultValues: { authorized_rep_name: user?.fullname ?? '' } });
  const pending = row.offerLetter?.status === 'pending';

  function start() {
    setKey(newKey());
    setResult(null);
    setFailure(undefined);
    setSignatureError(undefined);
    setOpen(true);
  }

  async function submit({ authorized_rep_name }: Form) {
    setFailure(undefined);
    if (!pad.current || pad.current.isEmpty()) {
      setSignatureError('Draw the authorized representative\u2019s signature in the box.');
      return;
    }
    const res = await generate({
      applicationId: row.id,
      kind: ui.kind,
      idempotencyKey: key,
      body: { authorized_rep_name, authorized_rep_signature: pad.current.toDataUrl() },
    });
    if ('error' in res) {
      const shown = applyServerErrors(form, res.error, { fields: ['authorized_rep_name'], fallback: 'Could not generate the letter.' });
      if (shown.others['authorized_rep_signature']) setSignatureError(shown.others['authorized_rep_signature']);
      else if (shown.message) setFailure(shown.message);
      return;
    }
    setResult(res.data);
  }
  // handleSubmit is called at submit time: the pad (a ref) is read then, never while rendering.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => void form.handleSubmit(submit)(e);

  const noun = ui.noun.toLowerCase();
  return (
    <>
      <Button variant="primary" onClick={start}>
        {pending ? 'Send a new offer letter' : 'Generate offer letter'}
      </Button>
      <Modal
        open={open}
        size="lg"
        title={result ? `Offer letter sent for ${row.reference_code}` : `Generate the offer letter of ${noun} ${row.reference_code}`}
        onClose={() => setOpen(false)}
        footer={
          result ? (
            <Button variant="primary" onClick={() => setOpen(false)}>
              Done
            </Button>
          ) : (
            <>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <SubmitButton control={form.control} form="generate-offer-form">
                Generate and send
              </SubmitButton>
            </>
          )
        }
      >
        {result ? (
          <div className="space-y-3">
            <p role="status" className="text-sm">
              {row.fullname} gets the link by SMS at {result.mobile}. It works until the letter expires.
            </p>
            {result.link && <CopyLink link={result.link} label="Link to the letter (for the borrower only)" />}
            <Link to={contractHref(result.id)} className="text-sm text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
              Open the contract
            </Link>
          </div>
        ) : (
          <form id="generate-offer-form" onSubmit={onSubmit} noValidate className="space-y-4">
            <p className="text-sm text-gray-600 dark:text-gray-300">
              {row.fullname} is offered the loan on the product&rsquo;s standard terms and gets a link to read and sign it in the borrower app.
              {pending ? ' The letter sent before is replaced: its link stops working.' : ''}
            </p>
            <TextField
              label="Authorized representative"
              required
              autoComplete="name"
              error={form.formState.errors.authorized_rep_name?.message}
              {...form.register('authorized_rep_name')}
            />
            <SignaturePadField
              ref={pad}
              label="Authorized representative's signature"
              error={signatureError}
              onChange={(empty) => !empty && setSignatureError(undefined)}
            />
            {failure && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {failure}
              </p>
            )}
          </form>
        )}
      </Modal>
    </>
  );
}
