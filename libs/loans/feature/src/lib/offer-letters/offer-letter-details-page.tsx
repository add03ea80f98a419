import { Link, useParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { P } from '@loan/shared-contract';
import { useGetOfferLetterQuery } from '@loan/loans-data-access';
import { errorMessage, useGetRecordHistoryQuery } from '@loan/shared-data-access-api';
import { usePermission } from '@loan/shared-permissions';
import { SCREENS } from '@loan/shared-screens';
import { Button, Card, ErrorState, Fact, HistorySection, Money, NotFound, OfferLetterDocument, PageSection, SectionTitleBar, Skeleton } from '@loan/shared-ui';
import { formatDateTime } from '@loan/shared-util-format';
import { LetterTimeline, SigningEvidence } from './offer-letter-evidence';
import { OfferLetterPrintView } from './offer-letter-print';
import { OfferStateBadge, letterLoanHref } from './offer-state';
import { ResendLink } from './resend-link';

const ID = /^[1-9]\d{0,17}$/;
const LIST = SCREENS.contracts.path;

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}

/**
 * `/loans/applications/offer-letter/:id` (spec §2 'contract details'): the letter as the
 * borrower sees it, its state and timeline, the link sent again (`can send offer letter`),
 * and for a signed letter the evidence with a hash check and a print view.
 */
export function OfferLetterDetailsPage() {
  const { id: raw = '' } = useParams();
  const valid = ID.test(raw);
  const query = useGetOfferLetterQuery(valid ? Number(raw) : skipToken);
  const canSend = usePermission(P.sendOfferLetter);

  if (!valid || isNotFound(query.error)) {
    return (
      <NotFound
        title="Contract not found"
        message={`There is no offer letter with the id ${raw}, or it is not in your branch. It may have been deleted.`}
        backTo={LIST}
        backLabel="Back to the contracts"
      />
    );
  }
  const letter = query.data;
  return (
    <PageSection>
      <Link to={LIST} className="text-sm text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
        ← Back to the contracts
      </Link>
      {query.isError && !letter ? (
        <ErrorState title="Could not load the contract" message={errorMessage(query.error, 'Please try again.')} onRetry={() => void query.refetch()} />
      ) : !letter ? (
        <>
          <SectionTitleBar title={SCREENS.contractDetails.title} />
          <Card>
            <Skeleton lines={8} label="Loading the contract..." />
          </Card>
        </>
      ) : (
        <>
          <SectionTitleBar
            title={
              <span className="flex flex-wrap items-center gap-2">
                <span className="break-all">Contract {letter.reference_code}</span>
                <OfferStateBadge letter={letter} className="text-sm" />
              </span>
            }
            subtitle={letter.applicant_name}
            actions={
              letter.status === 'signed' ? (
                <Button variant="secondary" onClick={() => window.print()}>
                  Print with evidence
                </Button>
              ) : undefined
            }
          />
          <Card title="State">
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Fact label="State">
                <OfferStateBadge letter={letter} />
              </Fact>
              <Fact label="Loan">
                <Link to={letterLoanHref(letter)} className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
                  {letter.reference_code}
                </Link>
              </Fact>
              <Fact label="Amount">
                <Money value={letter.amount} />
              </Fact>
              <Fact label={letter.status === 'signed' ? 'Signed' : letter.status === 'expired' ? 'Valid until' : 'Sign by'}>
                {formatDateTime(letter.signed_at ?? letter.expires_at)}
              </Fact>
            </dl>
            {letter.status === 'expired' && (
              <p className="mt-3 text-sm text-gray-700 dark:text-gray-200">
                {letter.expired_reason === 'replaced'
                  ? 'This letter was replaced by a newer one; its link no longer works.'
                  : 'This letter was not signed in time; its link no longer works. Generate a new one from the application.'}
              </p>
            )}
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            <LetterTimeline letter={letter} />
            {letter.status === 'pending' && canSend && <ResendLink letter={letter} />}
            {letter.status === 'signed' && <SigningEvidence letter={letter} />}
          </div>
          <section aria-label="The letter as the borrower sees it" className="space-y-2">
            <p className="text-sm font-medium text-gray-600 dark:text-gray-300">The letter as the borrower sees it:</p>
            <OfferLetterDocument offer={letter} level={2} />
          </section>
          {letter.status === 'signed' && <OfferLetterPrintView letter={letter} />}
          <HistorySection kind="offer_letter" id={letter.id} useHistory={useGetRecordHistoryQuery} />
        </>
      )}
    </PageSection>
  );
}

export default OfferLetterDetailsPage;
