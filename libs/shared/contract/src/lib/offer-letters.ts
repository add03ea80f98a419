import { z } from 'zod';
import type { OfferState } from './statuses';

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

/** POST /api/loan-offer-letter/generate/{applicationId} */
export const generateOfferForIdSchema = z.object({
  authorized_rep_signature: signatureField,
  authorized_rep_name: z.string().trim().min(3, 'Enter the representative\u2019s full name.').max(120).optional(),
  terms_conditions: z.string().trim().min(20, 'Write the terms in full.').max(10_000).optional(),
});
export type GenerateOfferForIdBody = z.input<typeof generateOfferForIdSchema>;

/** POST /api/loan-offer-letter/generate */
export const generateOfferSchema = generateOfferForIdSchema.extend({
  application_id: z.number({ error: 'Choose an application.' }).int().positive('Choose an application.'),
});
export type GenerateOfferBody = z.input<typeof generateOfferSchema>;

/** Text fields of POST /api/loan-offer-letter/borrower-sign-offer/{token} (multipart; the image is the `signature` file). */
export const borrowerSignFieldsSchema = z.object({
  borrower_name: z
    .string({ error: 'Type your full name.' })
    .trim()
    .min(1, 'Type your full name.')
    .min(3, 'Type your full name as on your NRC.')
    .max(120, 'Use at most 120 characters.'),
  borrower_date: z
    .string({ error: 'Enter today\u2019s date.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Enter a real date.'),
});
export type BorrowerSignFields = z.input<typeof borrowerSignFieldsSchema>;
/** The multipart file field holding the drawn signature. */
export const SIGNATURE_FILE_FIELD = 'signature';

/** What the borrower sees (GET /getByToken/{token}) and staff see (GET /getById/{id}). */
export interface OfferLetter {
  id: number;
  status: OfferState;
  application_id: number;
  reference_code: string;
  /** The applicant as recorded on the application. */
  applicant_name: string;
  nrc: string;
  mobile: string;
  employer: string;
  branch: string;
  amount: string;
  tenure: number;
  rate_percent: string;
  interest: string;
  total_amount_due: string;
  monthly_instalment: string;
  terms_conditions: string;
  authorized_rep_name: string;
  authorized_rep_date: string;
  authorized_rep_signature: string;
  /** Set once signed. */
  borrower_name: string | null;
  borrower_date: string | null;
  /** A data URL of the borrower's signature, once signed. */
  borrower_signature: string | null;
  signed_at: string | null;
  expires_at: string;
  created_at: string;
}

/** Staff-only extras on GET /getById and the generate answers. */
export interface OfferLetterStaff extends OfferLetter {
  /** Only in the answer of generate: the database keeps just its SHA-256. */
  token: string | null;
  signed_ip: string | null;
  signed_user_agent: string | null;
  signed_content_sha256: string | null;
}

export interface BorrowerSignResponse {
  status: 'signed';
  signed_at: string;
  reference_code: string;
}

/** GET /api/loan-offer-letter/all and /filter answer a `Paged<OfferLetterStaff>`. */
