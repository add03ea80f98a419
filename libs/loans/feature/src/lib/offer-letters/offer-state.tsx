import type { OfferLetterStaff, OfferState } from '@loan/shared-contract';
import { cx } from '@loan/shared-ui';

export const OFFER_STATE_LABEL: Readonly<Record<OfferState, string>> = { pending: 'Pending', signed: 'Signed', expired: 'Expired' };

const TONE: Readonly<Record<OfferState, string>> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  signed: 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200',
  expired: 'bg-gray-200 text-gray-800 dark:bg-slate-700 dark:text-gray-200',
};

/** 'Expired (replaced)': a replaced letter says so (NOTES.md), not merely expired. */
export function offerStateText(l: Pick<OfferLetterStaff, 'status' | 'expired_reason'>): string {
  if (l.status === 'expired' && l.expired_reason === 'replaced') return 'Replaced';
  return OFFER_STATE_LABEL[l.status];
}

export function OfferStateBadge({ letter, className }: { letter: Pick<OfferLetterStaff, 'status' | 'expired_reason'>; className?: string }) {
  return <span className={cx('inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium', TONE[letter.status], className)}>{offerStateText(letter)}</span>;
}

/** Where a letter's loan is: top-ups carry TU- reference codes. */
export const letterLoanHref = (l: Pick<OfferLetterStaff, 'application_id' | 'reference_code'>) =>
  l.reference_code.startsWith('TU-') ? `/loans/topup/${l.application_id}` : `/loans/applications/${l.application_id}`;

export const contractHref = (id: number) => `/loans/applications/offer-letter/${id}`;
