import { fromNgwee, monthlyInstalmentNgwee, toNgwee, type OfferLetter } from '@loan/shared-contract';
import { sha256 } from './http/session';

/*
 * What a borrower signs, and its SHA-256: THE one definition, used when a letter is signed,
 * when staff check it (/verify) and when the demo seed writes signed letters, so a seeded
 * signed letter checks "intact" like a real one.
 */

/** The amounts of a letter as the letter shows them, from its stored numbers (exact, in ngwee). */
export function letterAmounts(r: { principal: string; interest: string; total_amount_due: string; tenure_months: number }) {
  const total = toNgwee(r.total_amount_due);
  return {
    amount: fromNgwee(toNgwee(r.principal)),
    tenure: Number(r.tenure_months),
    interest: fromNgwee(toNgwee(r.interest)),
    total_amount_due: fromNgwee(total),
    monthly_instalment: fromNgwee(monthlyInstalmentNgwee(total, Number(r.tenure_months))),
  };
}

export type SignedLetterFields = Pick<
  OfferLetter,
  | 'reference_code'
  | 'applicant_name'
  | 'nrc'
  | 'amount'
  | 'tenure'
  | 'interest'
  | 'total_amount_due'
  | 'monthly_instalment'
  | 'terms_conditions'
  | 'authorized_rep_name'
  | 'authorized_rep_date'
>;

export interface SignatureEvidence {
  repSignature: Buffer | null;
  borrowerName: string;
  borrowerDate: string;
  borrowerSignature: Buffer;
}

/**
 * What the borrower agreed to, in a fixed order, so its SHA-256 can be recomputed later
 * from what is stored (the signatures by their own SHA-256).
 */
export function signedContent(letter: SignedLetterFields, s: SignatureEvidence): string {
  return JSON.stringify({
    reference_code: letter.reference_code,
    applicant_name: letter.applicant_name,
    nrc: letter.nrc,
    amount: letter.amount,
    tenure: letter.tenure,
    interest: letter.interest,
    total_amount_due: letter.total_amount_due,
    monthly_instalment: letter.monthly_instalment,
    terms_conditions: letter.terms_conditions,
    authorized_rep_name: letter.authorized_rep_name,
    authorized_rep_date: letter.authorized_rep_date,
    authorized_rep_signature_sha256: sha256(s.repSignature ?? ''),
    borrower_name: s.borrowerName,
    borrower_date: s.borrowerDate,
    borrower_signature_sha256: sha256(s.borrowerSignature),
  });
}

/** The SHA-256 (hex) kept with a signed letter and recomputed by the check. */
export const signedContentSha256 = (letter: SignedLetterFields, s: SignatureEvidence) => sha256(signedContent(letter, s));
