import { http, HttpResponse } from 'msw';
import { endpointVariants } from '@loan/shared-data-access-api/testing';
import {
  offerLetterListItemSchema,
  type GeneratedOffer,
  type ListEnvelope,
  type LoanOfferStats,
  type OfferLetterListItem,
  type OfferLetterStaff,
  type OfferLetterVerify,
  type OfferState,
} from '@loan/shared-contract';
import { OFFER_LETTER_PATHS } from '../lib/offer-letters-api';

/** A 1x1 PNG, as a signature pad would give. */
export const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const NAMES = ['Mwila Banda', 'Chanda Mulenga', 'Natasha Phiri', 'Joseph Tembo'];
const STATES: readonly OfferState[] = ['pending', 'signed', 'expired'];
const HASH = 'a3f1c2d4e5b60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9a';

/** One letter as staff read it (GET /getById); `n` makes each one different, its state cycles pending/signed/expired. */
export function makeOfferLetter(n: number, overrides: Partial<OfferLetterStaff> = {}): OfferLetterStaff {
  const status = overrides.status ?? STATES[n % STATES.length];
  const signed = status === 'signed';
  const day = String(1 + (n % 27)).padStart(2, '0');
  const name = NAMES[n % NAMES.length];
  return {
    id: n,
    status,
    application_id: 100 + n,
    reference_code: `LA-2026-${String(100 + n).padStart(6, '0')}`,
    applicant_name: name,
    nrc: `${String(200000 + n).slice(-6)}/11/1`,
    mobile: `+2609711${String(n).padStart(5, '0')}`,
    employer: 'Zambia Sugar',
    branch: 'Lusaka',
    amount: '5000.00',
    tenure: 6,
    rate_percent: '5.00',
    interest: '1500.00',
    total_amount_due: '6500.00',
    monthly_instalment: '1083.34',
    terms_conditions: '1. Repay monthly.\n2. Early repayment is free.',
    authorized_rep_name: 'Olivia Officer',
    authorized_rep_date: `2026-11-${day}`,
    authorized_rep_signature: SIGNATURE_PNG,
    borrower_name: signed ? name : null,
    borrower_date: signed ? `2026-11-${day}` : null,
    borrower_signature: signed ? SIGNATURE_PNG : null,
    signed_at: signed ? `2026-11-${day}T12:30:00.000Z` : null,
    expires_at: `2026-11-${String(Math.min(28, 8 + (n % 20))).padStart(2, '0')}T10:00:00.000Z`,
    created_at: `2026-11-${day}T10:00:00.000Z`,
    token: null,
    signed_ip: signed ? '41.72.100.7' : null,
    signed_user_agent: signed ? 'Mozilla/5.0 (Linux; Android 14) Chrome/131 Mobile' : null,
    signed_content_sha256: signed ? HASH : null,
    expired_reason: status === 'expired' ? (n % 2 ? 'replaced' : 'lapsed') : null,
    created_by_name: 'Olivia Officer',
    sent_at: `2026-11-${day}T10:00:01.000Z`,
    opened_at: status === 'pending' && n % 2 ? null : `2026-11-${day}T11:00:00.000Z`,
    opened_ip: status === 'pending' && n % 2 ? null : '41.72.100.7',
    opened_user_agent: status === 'pending' && n % 2 ? null : 'Mozilla/5.0 (Linux; Android 14) Chrome/131 Mobile',
    last_opened_at: status === 'pending' && n % 2 ? null : `2026-11-${day}T11:05:00.000Z`,
    open_count: status === 'pending' && n % 2 ? 0 : 2,
    ...overrides,
  };
}

/** 30 letters, 10 in each state. */
export const offerLetterRows: OfferLetterStaff[] = Array.from({ length: 30 }, (_, i) => makeOfferLetter(i + 1));

/** A letter as the contracts list carries it (GET /all, /filter): the list item's fields only. */
export function toOfferLetterListItem(letter: OfferLetterStaff): OfferLetterListItem {
  return Object.fromEntries(Object.keys(offerLetterListItemSchema.shape).map((k) => [k, letter[k as keyof OfferLetterListItem]])) as OfferLetterListItem;
}

function answerLetters(rows: readonly OfferLetterStaff[], query: Record<string, string>): ListEnvelope<OfferLetterListItem> {
  const page = Number(query['page'] ?? 1);
  const pageSize = Number(query['pageSize'] ?? 15);
  const search = (query['search'] ?? '').toLowerCase();
  const all = rows.filter(
    (r) =>
      (!query['status'] || r.status === query['status']) &&
      (!search || [r.reference_code, r.applicant_name, r.nrc, r.mobile].some((v) => v.toLowerCase().includes(search))) &&
      (!query['fromDate'] || r.created_at.slice(0, 10) >= query['fromDate']) &&
      (!query['toDate'] || r.created_at.slice(0, 10) <= query['toDate']),
  );
  return { items: all.slice((page - 1) * pageSize, page * pageSize).map(toOfferLetterListItem), total: all.length, page, pageSize, nextCursor: page * pageSize < all.length ? 'next' : null, prevCursor: null };
}

const emptyLetters: ListEnvelope<OfferLetterListItem> = { items: [], total: 0, page: 1, pageSize: 15, nextCursor: null, prevCursor: null };
const counts = (rows: readonly OfferLetterStaff[]): LoanOfferStats => ({
  pendingCount: rows.filter((r) => r.status === 'pending').length,
  expiredCount: rows.filter((r) => r.status === 'expired').length,
  signedCount: rows.filter((r) => r.status === 'signed').length,
});

/** The offer letters' endpoints in their named variants (relative paths): `server.use(offerLettersVariants.list.error)`. */
export function offerLetterVariants(rows: readonly OfferLetterStaff[] = offerLetterRows) {
  const byId = (id: number) => rows.find((r) => r.id === id) ?? makeOfferLetter(id);
  return {
    list: endpointVariants('GET', OFFER_LETTER_PATHS.all, { ok: ({ query }) => answerLetters(rows, query), empty: emptyLetters, fieldErrors: { search: ['At most 100 characters.'] } }),
    filter: endpointVariants('GET', OFFER_LETTER_PATHS.filter, {
      ok: ({ query }) => answerLetters(rows, query),
      empty: emptyLetters,
      fieldErrors: { toDate: ['The end date must not be before the start date.'] },
    }),
    counts: endpointVariants('GET', OFFER_LETTER_PATHS.cardStats, { ok: counts(rows), empty: { pendingCount: 0, expiredCount: 0, signedCount: 0 } }),
    details: {
      ...endpointVariants('GET', OFFER_LETTER_PATHS.byId, {
        ok: () => byId(2),
        empty: makeOfferLetter(1, { status: 'pending', opened_at: null, opened_ip: null, opened_user_agent: null, last_opened_at: null, open_count: 0 }),
      }),
      /** No letter with that id (or not in the user's branch): 404. */
      notFound: http.get(OFFER_LETTER_PATHS.byId, () => HttpResponse.json({ message: 'Offer letter not found.' }, { status: 404 })),
    },
    verify: endpointVariants('GET', OFFER_LETTER_PATHS.verify, {
      ok: (): OfferLetterVerify => ({ id: 2, result: 'intact', stored_sha256: HASH, computed_sha256: HASH, checked_at: '2026-11-25T08:00:00.000Z' }),
      empty: { id: 2, result: 'altered', stored_sha256: HASH, computed_sha256: 'f'.repeat(64), checked_at: '2026-11-25T08:00:00.000Z' } satisfies OfferLetterVerify,
    }),
    resend: endpointVariants('POST', OFFER_LETTER_PATHS.resend, {
      ok: (): GeneratedOffer => ({ ...byId(1), token: 'N'.repeat(43), link: `http://localhost:4300/loan-offer-letter/${'N'.repeat(43)}` }),
      empty: { ...makeOfferLetter(1), token: null, link: null },
    }),
    delete: endpointVariants('DELETE', OFFER_LETTER_PATHS.delete, {
      ok: ({ body }) => ({ deleted: ((body as { ids?: number[] })?.ids ?? []).map(Number) }),
      empty: { deleted: [] },
      fieldErrors: { ids: ['Unknown id 999.'] },
    }),
    generate: endpointVariants('POST', OFFER_LETTER_PATHS.generate, {
      ok: ({ body }): GeneratedOffer => ({
        ...makeOfferLetter(40, { status: 'pending', authorized_rep_signature: (body as { authorized_rep_signature?: string })?.authorized_rep_signature ?? SIGNATURE_PNG }),
        token: 'T'.repeat(43),
        link: `http://localhost:4300/loan-offer-letter/${'T'.repeat(43)}`,
      }),
      empty: { ...makeOfferLetter(40, { status: 'pending' }), token: null, link: null },
      fieldErrors: { authorized_rep_signature: ['Add the authorized representative\u2019s signature.'] },
    }),
  };
}
export const offerLettersVariants = offerLetterVariants();
/** Every offer letter endpoint answering normally. */
export const offerLettersHandlers = Object.values(offerLettersVariants).map((v) => v.ok);
