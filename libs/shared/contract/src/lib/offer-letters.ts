import { z } from 'zod';
import { loanApplicationSchema } from './applications';
import {
  blankAsAbsent,
  businessDateField,
  businessDateSchema,
  listEnvelope,
  listPageParams,
  searchParamSchema,
  withDateOrder,
  MONEY_PATTERN,
  moneySchema,
  textField,
  timestampSchema,
  wholeNumberField,
} from './fields';
import { OFFER_STATES } from './statuses';

/**
 * Loan offer letters (contracts) (spec §3 'Loan offer letter', §7 'Loan offers',
 * NOTES.md 'Statuses and states'). The borrower reaches one by token and signs it.
 */

/** Image data URL of a drawn signature (PNG or JPEG, base64). */
export const SIGNATURE_DATA_URL_PATTERN = /^data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;
/** A token is 32 random bytes in base64url: 43 characters. */
export const OFFER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const DEFAULT_TERMS_CONDITIONS = [
  '1. The borrower agrees to repay the total amount due in equal monthly instalments over the tenure stated above.',
  '2. Interest is charged at a flat monthly rate on the amount borrowed and is included in the total amount due.',
  '3. Instalments are deducted from the borrower\u2019s salary or paid by the borrower on or before each due date.',
  '4. A late instalment may attract a penalty as set out in the lender\u2019s tariff of charges.',
  '5. The borrower may repay the loan early at any time without penalty.',
  '6. This offer lapses if it is not signed before the expiry date shown.',
].join('\n');

const signatureField = z
  .string({ error: 'Add the authorized representative\u2019s signature.' })
  .regex(SIGNATURE_DATA_URL_PATTERN, 'The signature must be a PNG or JPEG image.');

/** `/getByToken/{token}`, `/borrower-sign-offer/{token}`: any malformed token is simply not found (404). */
export const offerTokenParamsSchema = z.object({ token: z.string().max(2048) });

const offerStateFilter = blankAsAbsent(z.enum(OFFER_STATES, { error: `Must be one of ${OFFER_STATES.join(', ')}.` }));

/** GET /api/loan-offer-letter/all: newest first, by state and search (reference, name, NRC, mobile). */
export const offerLetterListQuerySchema = z.object({
  ...listPageParams,
  status: offerStateFilter,
  search: searchParamSchema,
  relations: textField({ max: 200 }).optional(),
});

/** GET /api/loan-offer-letter/filter: by creation date (business days) and state, with the list's search too. */
export const offerLetterFilterQuerySchema = withDateOrder(
  z.object({
    ...listPageParams,
    search: searchParamSchema,
    fromDate: blankAsAbsent(businessDateSchema),
    toDate: blankAsAbsent(businessDateSchema),
    status: offerStateFilter,
  }),
);

/** POST /api/loan-offer-letter/generate/{applicationId} */
export const generateOfferForIdSchema = z.object({
  authorized_rep_signature: signatureField,
  authorized_rep_name: textField({
    min: 3,
    max: 120,
    messages: {
      required: 'Enter the representative\u2019s full name.',
      tooShort: 'Enter the representative\u2019s full name.',
    },
  }).optional(),
  terms_conditions: textField({
    min: 20,
    multiline: true,
    messages: {
      required: 'Write the terms in full.',
      tooShort: 'Write the terms in full.',
    },
  }).optional(),
});
export type GenerateOfferForIdBody = z.input<typeof generateOfferForIdSchema>;

/** POST /api/loan-offer-letter/generate */
export const generateOfferSchema = generateOfferForIdSchema.extend({
  application_id: wholeNumberField(Number.MAX_SAFE_INTEGER, 'Choose an application.'),
});
export type GenerateOfferBody = z.input<typeof generateOfferSchema>;

/** Text fields of POST /api/loan-offer-letter/borrower-sign-offer/{token} (multipart; the image is the `signature` file). */
export const borrowerSignFieldsSchema = z.object({
  borrower_name: textField({
    min: 3,
    max: 120,
    messages: {
      required: 'Type your full name.',
      tooShort: 'Type your full name as on your NRC.',
    },
  }),
  borrower_date: businessDateField({
    required: 'Enter today\u2019s date.',
    invalid: 'Enter a real date as YYYY-MM-DD.',
  }),
});
export type BorrowerSignFields = z.input<typeof borrowerSignFieldsSchema>;
export { SIGNATURE_FILE_FIELD } from './borrower-constants';

/** What the borrower sees (GET /getByToken/{token}) and staff see (GET /getById/{id}). */
export const offerLetterSchema = loanApplicationSchema
  .pick({
    reference_code: true,
    nrc: true,
    mobile: true,
    branch: true,
    amount: true,
    interest: true,
    total_amount_due: true,
  })
  .extend({
    id: z.number().int().positive(),
    status: z.enum(OFFER_STATES),
    application_id: z.number().int().positive(),
    /** The applicant as recorded on the application. */
    applicant_name: z.string(),
    employer: z.string(),
    tenure: z.number().int().positive(),
    /** Monthly flat rate in percent, two decimals ('5.00'). */
    rate_percent: z.string().regex(MONEY_PATTERN),
    monthly_instalment: moneySchema,
    terms_conditions: z.string(),
    /** From the loan product when generated (/settings/loan-product): the fee on the principal, exact. */
    processing_fee: moneySchema.optional(),
    /** The version of the product's terms the text is (null: a text staff wrote for this letter). */
    terms_version: z.number().int().nonnegative().nullable().optional(),
    /** Days the letter was valid for when generated (the product's offer validity). */
    valid_days: z.number().int().nonnegative().optional(),
    authorized_rep_name: z.string(),
    authorized_rep_date: z.string(),
    authorized_rep_signature: z.string(),
    /** Set once signed. */
    borrower_name: z.string().nullable(),
    borrower_date: z.string().nullable(),
    /** A data URL of the borrower's signature, once signed. */
    borrower_signature: z.string().nullable(),
    signed_at: timestampSchema.nullable(),
    expires_at: timestampSchema,
    created_at: timestampSchema,
  })
  // Strict: the borrower's (public) view must never carry staff-only fields such as the IP.
  .strict();
export type OfferLetter = z.infer<typeof offerLetterSchema>;

/** Why an expired letter expired: not signed in time, or a newer letter replaced it (NOTES.md). */
export const OFFER_EXPIRED_REASONS = ['lapsed', 'replaced'] as const;
export type OfferExpiredReason = (typeof OFFER_EXPIRED_REASONS)[number];

/** Staff-only extras on GET /getById and the generate answers. */
export const offerLetterStaffSchema = offerLetterSchema.extend({
  /** Only in the answer of generate: the database keeps just its SHA-256. */
  token: z.string().nullable(),
  signed_ip: z.string().nullable(),
  signed_user_agent: z.string().nullable(),
  signed_content_sha256: z.string().nullable(),
  /** Set on expired letters written since the reason was kept. */
  expired_reason: z.enum(OFFER_EXPIRED_REASONS).nullable(),
  /** Who generated the letter (the authorized representative's account). */
  created_by_name: z.string().nullable(),
  sent_at: timestampSchema.nullable(),
  /** The borrower's first opening of the link, and how often it was opened. */
  opened_at: timestampSchema.nullable(),
  opened_ip: z.string().nullable(),
  opened_user_agent: z.string().nullable(),
  last_opened_at: timestampSchema.nullable(),
  open_count: z.number().int().nonnegative(),
});
export type OfferLetterStaff = z.infer<typeof offerLetterStaffSchema>;

/**
 * A letter as the contracts list shows it (GET /all and /filter): its columns and what a row
 * needs (state and reason, link, bulk delete), without the terms text and the two signature
 * images, which only the details (GET /getById) carry: a page of 15 stays a few kilobytes.
 */
export const offerLetterListItemSchema = offerLetterStaffSchema
  .pick({
    id: true,
    status: true,
    expired_reason: true,
    application_id: true,
    reference_code: true,
    applicant_name: true,
    nrc: true,
    mobile: true,
    branch: true,
    amount: true,
    total_amount_due: true,
    tenure: true,
    signed_at: true,
    expires_at: true,
    created_at: true,
  })
  .strict();
export type OfferLetterListItem = z.infer<typeof offerLetterListItemSchema>;

/** GET /api/loan-offer-letter/all and /filter. */
export const offerLetterListSchema = listEnvelope(offerLetterListItemSchema);

/** The answer of POST /generate and /generate/{id}: the letter and, on a first send, its link. */
export const generatedOfferSchema = offerLetterStaffSchema.extend({ link: z.string().nullable() });

/** GET /verify/{id}: the signed content's SHA-256 recomputed from what is stored now. */
export const offerLetterVerifySchema = z
  .object({
    id: z.number().int().positive(),
    result: z.enum(['intact', 'altered']),
    stored_sha256: z.string(),
    computed_sha256: z.string(),
    checked_at: timestampSchema,
  })
  .strict();
export type OfferLetterVerify = z.infer<typeof offerLetterVerifySchema>;

/** The answer of POST /generate and /generate/{id} and /resend/{id}. */
export type GeneratedOffer = z.infer<typeof generatedOfferSchema>;

/**
 * The typed name matches the applicant's (NOTES.md 'Loans after approval'): case, spacing
 * and accents ignored.
 */
export function normalizePersonName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
export function sameName(a: string, b: string): boolean {
  return normalizePersonName(a) === normalizePersonName(b);
}
export const NAME_MUST_MATCH = 'Type your full name exactly as it is on the offer letter.';
export const OFFER_REPLACED = 'This offer letter was replaced by a newer one.';

/** DELETE /delete: the ids deleted. */
export const offerLetterDeleteResultSchema = z.object({ deleted: z.array(z.number().int().positive()) }).strict();

/** POST /borrower-sign-offer/{token}. */
export const borrowerSignResponseSchema = z
  .object({ status: z.literal('signed'), signed_at: timestampSchema, reference_code: z.string() })
  .strict();
export type BorrowerSignResponse = z.infer<typeof borrowerSignResponseSchema>;
