import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { OFFER_REPLACED, offerLookupFromHttpStatus, type BorrowerSignResponse, type OfferLookupResult } from '@loan/shared-contract';
import { errorMessage, isFetchError } from '@loan/shared-data-access-api';
import { useGetOfferByTokenQuery } from '@loan/public-borrower-data-access';
import { BorrowerLayout } from '../ui/borrower-layout';
import { Button } from '../ui/button';
import { MessagePage, Notice } from '../ui/notice';
import { OfferLetterView } from './offer-letter-view';
import { SignOfferForm } from './sign-offer-form';

function lookupOf(error: unknown): OfferLookupResult {
  return isFetchError(error) && typeof error.status === 'number' ? offerLookupFromHttpStatus(error.status) : 'UNKNOWN';
}

/** /loan-offer-letter/:token: the borrower reads the offer and signs it (spec §2, §4). */
export function ContractPage() {
  const { token = '' } = useParams();
  const { data, error, isLoading, isFetching, refetch } = useGetOfferByTokenQuery(token);
  const [signed, setSigned] = useState<BorrowerSignResponse | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (signed) confirmation.current?.focus();
  }, [signed]);

  let body;
  if (isLoading) {
    body = (
      <p role="status" className="py-16 text-center text-slate-600 dark:text-slate-300">
        Loading your loan offer…
      </p>
    );
  } else if (error || !data) {
    body = <LookupProblem state={lookupOf(error)} replaced={errorMessage(error, '') === OFFER_REPLACED} onRetry={refetch} retrying={isFetching} />;
  } else {
    body = (
      <div className="space-y-6">
        {signed && (
          <div ref={confirmation} tabIndex={-1} className="focus:outline-none">
            <Notice tone="success" title="Thank you. Your loan offer is signed.">
              <p>
                We have received your signature for offer {signed.reference_code}. You can close this page; we will contact you about the
                payout.
              </p>
            </Notice>
          </div>
        )}
        <OfferLetterView offer={data} />
        {data.status === 'pending' && !signed ? (
          <SignOfferForm token={token} offer={data} onSigned={setSigned} onStale={() => void refetch()} />
        ) : null}
      </div>
    );
  }
  return <BorrowerLayout>{body}</BorrowerLayout>;
}

export function LookupProblem({
  state,
  replaced,
  onRetry,
  retrying,
}: {
  state: OfferLookupResult;
  /** A newer letter replaced this one (NOTES.md): it says so rather than merely expired. */
  replaced?: boolean;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  if (state === 'EXPIRED' && replaced) {
    return (
      <MessagePage title="This loan offer was replaced by a newer one">
        <p>Your loan officer sent you a newer offer letter, so this link no longer works. Nothing has been signed here.</p>
        <p>Open the newest message we sent you and sign the offer from its link. If you cannot find it, contact your branch.</p>
      </MessagePage>
    );
  }
  if (state === 'EXPIRED') {
    return (
      <MessagePage title="This loan offer has expired">
        <p>The time to sign this offer has passed, so the link no longer works. Nothing has been signed and you owe nothing because of it.</p>
        <p>If you still want the loan, contact your branch or your loan officer and ask them to send you a new offer letter.</p>
      </MessagePage>
    );
  }
  if (state === 'NOT_FOUND') {
    return (
      <MessagePage title="We could not find this loan offer">
        <p>The link may be incomplete. Open it again from the message we sent you, making sure you use the whole link.</p>
        <p>If it still does not work, contact your branch or your loan officer; they can send you a new link.</p>
      </MessagePage>
    );
  }
  return (
    <MessagePage
      title="We could not load your loan offer"
      action={
        onRetry ? (
          <Button onClick={onRetry} disabled={retrying}>
            {retrying ? 'Trying again…' : 'Try again'}
          </Button>
        ) : undefined
      }
    >
      <p>Something went wrong on our side or with your connection. Your offer is safe.</p>
      <p>Please try again in a moment. If this keeps happening, contact your branch.</p>
    </MessagePage>
  );
}
