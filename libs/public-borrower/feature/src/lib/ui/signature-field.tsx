import type { Ref } from 'react';
import { SignaturePadField, type SignaturePadHandle } from '@loan/shared-ui';

export { dataUrlToBlob } from '@loan/shared-ui';
export type SignatureHandle = SignaturePadHandle;

interface Props {
  ref?: Ref<SignatureHandle>;
  /** The typed name, so keyboard users can sign by adopting it. */
  typedName: string;
  error?: string;
  onChange?: (empty: boolean) => void;
}

const LINK = 'inline text-base font-medium text-yellow-800 underline underline-offset-2 hover:text-yellow-900 disabled:cursor-not-allowed disabled:opacity-60 dark:text-yellow-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-yellow-600 focus-visible:ring-offset-2';

/** The borrower's signature: the kit's pad in the borrower app's words and link style. */
export function SignatureField({ ref, typedName, error, onChange }: Props) {
  return (
    <SignaturePadField
      ref={ref}
      label="Your signature"
      canvasLabel="Signature box: draw your signature here"
      hint="Draw your signature in the box with your finger or mouse, or use your typed name as your signature."
      error={error}
      onChange={onChange}
      adoptText={{ text: typedName, label: 'Use my typed name as my signature' }}
      actionClassName={LINK}
    />
  );
}
