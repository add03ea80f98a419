import { useId } from 'react';
import type { OfferLetter } from '@loan/shared-contract';
import { formatDate, formatDateTime, formatMoney } from '@loan/shared-util-format';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-slate-100 py-2 sm:flex-row sm:justify-between dark:border-slate-800">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-base font-medium sm:text-right">{value}</dd>
    </div>
  );
}

export interface OfferLetterDocumentProps {
  offer: OfferLetter;
  /** The level of the letter's title: 1 on the borrower's page, 2 inside a staff screen (its sections one below). */
  level?: 1 | 2;
}

/**
 * The letter itself, as the borrower sees it on the contract page: the borrower, the
 * amounts in ZMW, the terms and the representative's (and, once signed, the borrower's)
 * signature. The borrower app and the portal's contract details show this one piece.
 */
export function OfferLetterDocument({ offer, level = 1 }: OfferLetterDocumentProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const Title = level === 1 ? 'h1' : 'h2';
  const H = level === 1 ? 'h2' : 'h3';
  return (
    <article aria-labelledby={id('offer-title')} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <header className="space-y-1">
        <p className="text-sm text-slate-600 dark:text-slate-400">Reference {offer.reference_code}</p>
        <Title id={id('offer-title')} className="text-2xl font-semibold">
          Loan offer letter
        </Title>
        <p className="text-base">
          Dear <strong>{offer.applicant_name}</strong>, we are pleased to offer you the loan below.
        </p>
      </header>

      {offer.status === 'signed' ? (
        <div role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 p-4 text-green-900 dark:border-green-700 dark:bg-green-950 dark:text-green-100">
          <p className="font-semibold">You signed this offer{offer.signed_at ? ` on ${formatDateTime(offer.signed_at)}` : ''}.</p>
          <p className="mt-1 text-sm">There is nothing more to do here. We will contact you about the payout.</p>
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">Please sign by {formatDateTime(offer.expires_at)}. After that the offer lapses.</p>
      )}

      <section aria-labelledby={id('offer-borrower')} className="mt-6">
        <H id={id('offer-borrower')} className="text-lg font-semibold">
          Borrower
        </H>
        <dl className="mt-2">
          <Row label="Name" value={offer.applicant_name} />
          <Row label="NRC" value={offer.nrc} />
          <Row label="Mobile" value={offer.mobile} />
          <Row label="Employer" value={offer.employer} />
          <Row label="Branch" value={offer.branch} />
        </dl>
      </section>

      <section aria-labelledby={id('offer-loan')} className="mt-6">
        <H id={id('offer-loan')} className="text-lg font-semibold">
          The loan
        </H>
        <dl className="mt-2">
          <Row label="Amount borrowed" value={formatMoney(offer.amount)} />
          <Row label="Repayment period" value={`${offer.tenure} ${offer.tenure === 1 ? 'month' : 'months'}`} />
          <Row label="Interest (flat, per month)" value={`${offer.rate_percent}%`} />
          <Row label="Total interest" value={formatMoney(offer.interest)} />
          <Row label="Total amount due" value={formatMoney(offer.total_amount_due)} />
          <Row label="Monthly instalment" value={formatMoney(offer.monthly_instalment)} />
          {offer.processing_fee !== undefined && <Row label="Processing fee" value={formatMoney(offer.processing_fee)} />}
          {offer.valid_days !== undefined && (
            <Row label="Offer valid for" value={`${offer.valid_days} ${offer.valid_days === 1 ? 'day' : 'days'}, until ${formatDateTime(offer.expires_at)}`} />
          )}
        </dl>
      </section>

      <section aria-labelledby={id('offer-terms')} className="mt-6">
        <H id={id('offer-terms')} className="text-lg font-semibold">
          Terms and conditions
        </H>
        <div className="mt-2 space-y-2 text-sm leading-6 whitespace-pre-line text-slate-700 dark:text-slate-300">{offer.terms_conditions}</div>
      </section>

      <section aria-labelledby={id('offer-rep')} className="mt-6 grid gap-6 sm:grid-cols-2">
        <div>
          <H id={id('offer-rep')} className="text-lg font-semibold">
            For the lender
          </H>
          <img
            src={offer.authorized_rep_signature}
            alt={`Signature of ${offer.authorized_rep_name}`}
            className="mt-2 h-20 max-w-full rounded border border-slate-200 bg-white object-contain dark:border-slate-700"
          />
          <p className="mt-2 text-base font-medium">{offer.authorized_rep_name}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">Authorized representative · {formatDate(offer.authorized_rep_date)}</p>
        </div>
        {offer.status === 'signed' && offer.borrower_name && (
          <div>
            <H className="text-lg font-semibold">Borrower</H>
            {offer.borrower_signature && (
              <img
                src={offer.borrower_signature}
                alt={`Signature of ${offer.borrower_name}`}
                className="mt-2 h-20 max-w-full rounded border border-slate-200 bg-white object-contain dark:border-slate-700"
              />
            )}
            <p className="mt-2 text-base font-medium">{offer.borrower_name}</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">Borrower · {formatDate(offer.borrower_date)}</p>
          </div>
        )}
      </section>
    </article>
  );
}
