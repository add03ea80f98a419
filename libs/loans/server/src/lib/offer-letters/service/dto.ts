import { fromNgwee, toNgwee, type OfferLetter, type OfferLetterListItem, type OfferLetterStaff } from '@loan/shared-contract';
import { letterAmounts } from '@loan/shared-server';
import * as repo from '../repository';

/** A letter as the borrower sees it and as staff see it (amounts exact, from ngwee). */

// The signed content and its hash are defined once, in @loan/shared-server (the seed uses them too).
export { sha256, signedContent } from '@loan/shared-server';

/** The state as read: a pending letter past its expiry is expired already. */
const readStatus = (r: Pick<repo.LetterRow, 'status' | 'past_expiry'>) => (r.status === 'pending' && r.past_expiry ? 'expired' : r.status);

/** Why an expired letter expired; a pending letter past its expiry reads as lapsed before anything marks it so. */
const expiredReason = (r: Pick<repo.LetterRow, 'status' | 'past_expiry' | 'expired_reason'>) =>
  readStatus(r) === 'expired' ? (r.expired_reason ?? (r.status === 'pending' ? 'lapsed' : null)) : null;

export function toDto(r: repo.LetterRow): OfferLetter {
  const amounts = letterAmounts(r);
  const amount = toNgwee(amounts.amount);
  const interest = toNgwee(amounts.interest);
  const months = BigInt(Math.max(1, amounts.tenure));
  // Monthly flat rate in hundredths of a percent, rounded: interest / amount / months.
  const rateBps = amount > 0n ? (interest * 10000n * 2n + amount * months) / (2n * amount * months) : 0n;
  return {
    id: Number(r.id),
    status: readStatus(r),
    application_id: Number(r.application_id),
    reference_code: r.reference_code,
    applicant_name: r.fullname,
    nrc: r.nrc,
    mobile: r.mobile,
    employer: r.employer ?? '',
    branch: r.branch ?? '',
    amount: amounts.amount,
    tenure: amounts.tenure,
    rate_percent: fromNgwee(rateBps),
    interest: amounts.interest,
    total_amount_due: amounts.total_amount_due,
    monthly_instalment: amounts.monthly_instalment,
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
    expired_reason: expiredReason(r),
    created_by_name: r.created_by_name,
    sent_at: iso(r.sent_at),
    opened_at: iso(r.opened_at),
    opened_ip: r.opened_ip,
    opened_user_agent: r.opened_user_agent,
    last_opened_at: iso(r.last_opened_at),
    open_count: Number(r.open_count ?? 0),
  };
}

/** A row of the contracts list (GET /all, /filter): the columns only, amounts exact. */
export function toListItemDto(r: repo.LetterListRow): OfferLetterListItem {
  const amounts = letterAmounts(r);
  return {
    id: Number(r.id),
    status: readStatus(r),
    expired_reason: expiredReason(r),
    application_id: Number(r.application_id),
    reference_code: r.reference_code,
    applicant_name: r.fullname,
    nrc: r.nrc,
    mobile: r.mobile,
    branch: r.branch ?? '',
    amount: amounts.amount,
    total_amount_due: amounts.total_amount_due,
    tenure: amounts.tenure,
    signed_at: iso(r.signed_at),
    expires_at: new Date(r.expires_at).toISOString(),
    created_at: new Date(r.created_at).toISOString(),
  };
}
