/** Application and top-up statuses and their transitions (NOTES.md "Statuses and states"). */
export const LOAN_STATUSES = ['request', 'approved', 'rejected', 'closed'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** request -> approved | rejected; approved -> closed; rejected and closed are final. */
export const LOAN_TRANSITIONS: Readonly<Record<LoanStatus, readonly LoanStatus[]>> = {
  request: ['approved', 'rejected'],
  approved: ['closed'],
  rejected: [],
  closed: [],
};

export function canTransition(from: LoanStatus, to: LoanStatus): boolean {
  return LOAN_TRANSITIONS[from].includes(to);
}

/**
 * The one move out of `closed` (NOTES.md "Repayments"): a loan the loan account closed because
 * it was paid in full reopens (closed -> approved) when a repayment of it is edited or reversed
 * and something is owed again. Only the loan account makes it.
 */
export function canReopenPaidInFull(from: LoanStatus): boolean {
  return from === 'closed';
}

export const OFFER_STATES = ['pending', 'signed', 'expired'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/** Result of the borrower's contract lookup by token (spec §4). */
export type OfferLookupResult = 'VALID' | 'EXPIRED' | 'NOT_FOUND' | 'UNKNOWN';
export function offerLookupFromHttpStatus(status: number): OfferLookupResult {
  if (status === 200) return 'VALID';
  if (status === 410) return 'EXPIRED';
  if (status === 404) return 'NOT_FOUND';
  return 'UNKNOWN';
}

/** Login answers status '300' on success (spec §4). */
export const LOGIN_SUCCESS_STATUS = '300';

export const REFERENCE_PREFIX = { application: 'LA', topup: 'TU' } as const;
