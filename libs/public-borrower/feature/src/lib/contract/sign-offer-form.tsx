import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NAME_MUST_MATCH, borrowerSignFieldsSchema, sameName, type BorrowerSignFields, type BorrowerSignResponse, type OfferLetter } from '@loan/shared-contract';
import { applyServerErrors, errorMessage, isFetchError } from '@loan/shared-data-access-api';
import { useSignOfferMutation } from '@loan/public-borrower-data-access';
import { toIsoDate } from '@loan/shared-util-format';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Notice } from '../ui/notice';
import { SignatureField, dataUrlToBlob, type SignatureHandle } from '../ui/signature-field';

interface Props {
  token: string;
  offer: OfferLetter;
  onSigned: (result: BorrowerSignResponse) => void;
  /** Reload the letter (after a 409 or 410 the page shows its real state). */
  onStale: () => void;
}

/** The borrower types their name, draws a signature and accepts the offer. */
export function SignOfferForm({ token, offer, onSigned, onStale }: Props) {
  const [signOffer, { isLoading }] = useSignOfferMutation();
  const pad = useRef<SignatureHandle>(null);
  const [signatureError, setSignatureError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<BorrowerSignFields>({
    resolver: zodResolver(borrowerSignFieldsSchema),
    defaultValues: { borrower_name: '', borrower_date: toIsoDate(new Date()) },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    // The server checks it too (NOTES.md); saying so here saves a round trip.
    if (!sameName(values.borrower_name, offer.applicant_name)) {
      setError('borrower_name', { message: NAME_MUST_MATCH }, { shouldFocus: true });
      return;
    }
    if (!pad.current || pad.current.isEmpty()) {
      setSignatureError('Draw your signature in the box, or use your typed name as your signature.');
      return;
    }
    setSignatureError(undefined);
    const result = await signOffer({ token, ...values, signature: dataUrlToBlob(pad.current.toDataUrl()) });
    if ('data' in result && result.data) {
      onSigned(result.data);
      return;
    }
    const e = result.error;
    const shown = applyServerErrors({ setError }, e, {
      fields: ['borrower_name', 'borrower_date'],
      fallback: 'We could not save your signature. Please try again.',
    });
    if (shown.others['signature']) setSignatureError(shown.others['signature']);
    if (isFetchError(e) && (e.status === 409 || e.status === 410 || e.status === 404)) {
      setFormError(errorMessage(e));
      onStale();
      return;
    }
    if (shown.message && !shown.others['signature']) setFormError(shown.message);
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="sign-title"
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <h2 id="sign-title" className="text-xl font-semibold">
          Accept and sign
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          By signing you accept the loan of the amount above on these terms. Type your full name as on your NRC ({offer.applicant_name}).
        </p>
      </div>
      <Field label="Your full name" error={errors.borrower_name?.message}>
        <input type="text" autoComplete="name" {...register('borrower_name')} />
      </Field>
      <Field label="Date" error={errors.borrower_date?.message}>
        <input type="date" {...register('borrower_date')} />
      </Field>
      <SignatureField ref={pad} typedName={watch('borrower_name') ?? ''} error={signatureError} onChange={(empty) => !empty && setSignatureError(undefined)} />
      {formError && <Notice tone="error">{formError}</Notice>}
      <Button type="submit" disabled={isLoading} className="w-full sm:w-auto">
        {isLoading ? 'Signing…' : 'Sign and accept the offer'}
      </Button>
    </form>
  );
}
