import { createHash } from 'node:crypto';
import { fromNgwee, toNgwee, type OfferLetter, type OfferLetterStaff } from '@loan/shared-contract';
import * as repo from '../repository';

/** A letter as the borrower sees it and as staff see it (amounts exact, from ngwee). */

export const sha256 = (v: string | Buffer) => createHash('sha256').update(v).digest('hex');

export function toDto(r: repo.LetterRow): OfferLetter {
  const amount = toNgwee(r.principal);
  const interest = toNgwee(r.interest);
  const total = toNgwee(r.total_amount_due);
  const months = BigInt(Math.max(1, Number(r.tenure_months)));
  // Monthly flat rate in hundredths of a percent, rounded: interest / amount / months.
  const rateBps = amount > 0n ? (interest * 10000n * 2n + amount * months) / (2n * amount * months) : 0n;
  const status = r.status === 'pending' && r.past_expiry ? 'expired' : r.status;
  return {
    id: Number(r.id),
    status,
    application_id: Number(r.application_id),
    reference_code: r.reference_code,
    applicant_name: r.fullname,
    nrc: r.nrc,
    mobile: r.mobile,
    employer: r.employer ?? '',
    branch: r.branch ?? '',
    amount: fromNgwee(amount),
    tenure: Number(r.tenure_months),
    rate_percent: fromNgwee(rateBps),
    interest: fromNgwee(interest),
    total_amount_due: fromNgwee(total),
    monthly_instalment: fromNgwee((total + months - 1n) / months),
    terms_conditions: r.terms_conditions,
    processing_fee: fromNgwee(toNgwee(r.processing_fee ?? '0')),
    terms_version: r.terms_version === null || r.terms_version === undefined ? null : Number(r.terms_version),
    valid_days: Math.max(0, Math.round((new Date(r.expires_at).getTime() - new Date(r.created_at).getTime()) / 86_400_000)),
    authorized_rep_name: r.authorized_rep_name,
    authorized_rep_date: r.authorized_rep_date,
    authorized_rep_signature: r.rep_signature_b64 ? `data:${r.authorized_rep_signature_mime};base64,${r.rep_signature_b64.replace(/\s/g, '')}` : '',
    borrower_name: r.borrower_name,
    borrower_date: r.borrower_date,
    borrower_signature: r.borrower_signature_b64 ? `data:${r.borrower_signature_mime};base64,${r.borrower_signature_b64.replace(/\s/g, '')}` : null,
    signed_at: r.signed_at ? new Date(r.signed_at).toISOString() : null,
    expires_at: new Date(r.expires_at).toISOString(),
    created_at: new Date(r.created_at).toISOString(),
  };
}

const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);

export function toStaffDto(r: repo.LetterRow, token: string | null = null): OfferLetterStaff {
  const dto = toDto(r);
  return {
    ...dto,
    token,
    signed_ip: r.signed_ip,
    signed_user_agent: r.signed_user_agent,
    signed_content_sha256: r.signed_sha256,
    // A pending letter past its expiry reads as lapsed before anything marks it so.
    expired_reason: dto.status === 'expired' ? (r.expired_reason ?? (r.status === 'pending' ? 'lapsed' : null)) : null,
    created_by_name: r.created_by_name,
    sent_at: iso(r.sent_at),
    opened_at: iso(r.opened_at),
    opened_ip: r.opened_ip,
    opened_user_agent: r.opened_user_agent,
    last_opened_at: iso(r.last_opened_at),
    open_count: Number(r.open_count ?? 0),
  };
}

/**
 * What the borrower agreed to, in a fixed order, so its SHA-256 can be recomputed later
 * from what is stored (the signatures by their own SHA-256).
 */
export function signedContent(
  letter: OfferLetter,
  s: { repSignature: Buffer | null; borrowerName: string; borrowerDate: string; borrowerSignature: Buffer },
): string {
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

