import type { FastifyRequest } from 'fastify';
import {
  SIGNATURE_FILE_FIELD,
  borrowerSignFieldsSchema,
  OFFER_TOKEN_PATTERN,
  NAME_MUST_MATCH,
  OFFER_REPLACED,
  sameName,
  type BorrowerSignResponse,
  type OfferLetter,
} from '@loan/shared-contract';
import { HttpError, audit, validationBody, zodFieldErrors, type Db } from '@loan/shared-server';
import * as repo from '../repository';
import { cleanImage, NOT_AN_IMAGE, TOO_LARGE } from './images';
import { sha256, signedContent, toDto } from './dto';

/** The borrower's side: reading a letter by token and signing it. */

export const LETTER_NOT_FOUND = 'Offer letter not found.';
export const LETTER_EXPIRED = 'This offer letter has expired.';
export const LETTER_REPLACED = OFFER_REPLACED;
export const LETTER_SIGNED = 'This offer letter has already been signed.';

async function lookup(db: Db, token: string, forUpdate: boolean): Promise<repo.LetterRow> {
  if (!OFFER_TOKEN_PATTERN.test(token)) throw new HttpError(404, LETTER_NOT_FOUND);
  const row = await repo.letterBy(db, repo.byTokenHash(sha256(token)), forUpdate);
  if (!row) throw new HttpError(404, LETTER_NOT_FOUND);
  return row;
}

/** 410 for an expired letter; a replaced one says so in its message (NOTES.md), which the borrower page reads. */
function gone(row: repo.LetterRow): HttpError {
  return row.expired_reason === 'replaced'
    ? new HttpError(410, LETTER_REPLACED)
    : new HttpError(410, LETTER_EXPIRED);
}

/**
 * The borrower's view by token: 200, 410 when expired, 404 when unknown. Each opening of a
 * live letter is recorded (first time, IP, user agent) for the evidence page's timeline.
 */
export async function getByToken(db: Db, req: FastifyRequest, token: string): Promise<OfferLetter> {
  const row = await lookup(db, token, false);
  if (row.status === 'expired') throw gone(row);
  if (row.status === 'pending' && row.past_expiry) {
    await repo.markExpired(db, Number(row.id));
    throw new HttpError(410, LETTER_EXPIRED);
  }
  if (row.status === 'pending') await repo.recordOpening(db, Number(row.id), req.ip, userAgentOf(req));
  return toDto(row);
}

const userAgentOf = (req: FastifyRequest) => (req.headers['user-agent'] ?? '').slice(0, 500) || null;

export interface SignInput {
  /** The text parts as sent. */
  fields: Record<string, string>;
  /** The signature file, or null when missing. */
  image: Buffer | null;
  /** The file went past the size limit. */
  tooLarge: boolean;
}

export const SIGNATURE_MISSING = 'Draw your signature before you sign.';

/** The checked signing form (its image re-encoded), or 422 with every field error. */
async function signErrors(input: SignInput): Promise<{ fields: { borrower_name: string; borrower_date: string }; image: Buffer }> {
  const errors: Record<string, string[]> = {};
  const parsed = borrowerSignFieldsSchema.safeParse(input.fields);
  if (!parsed.success) Object.assign(errors, zodFieldErrors(parsed.error));
  let image: Buffer | null = null;
  if (input.tooLarge) errors[SIGNATURE_FILE_FIELD] = [TOO_LARGE];
  else if (!input.image || input.image.length === 0) errors[SIGNATURE_FILE_FIELD] = [SIGNATURE_MISSING];
  else if (!(image = await cleanImage(input.image))) errors[SIGNATURE_FILE_FIELD] = [NOT_AN_IMAGE];
  if (Object.keys(errors).length || !parsed.success || !image) throw new HttpError(422, validationBody(errors).message, errors);
  return { fields: parsed.data, image };
}

/**
 * The borrower signs: 404/410/409 for unknown, expired and signed letters; the image
 * must decode as a PNG or JPEG and is stored re-encoded as PNG. Stores name, date, image, IP, user agent and the
 * SHA-256 of the signed content, and writes the audit record, in one transaction.
 */
export async function sign(db: Db, req: FastifyRequest, token: string, input: SignInput): Promise<BorrowerSignResponse> {
  const ua = userAgentOf(req);
  const outcome = await db.transaction(async (tx) => {
    const row = await lookup(tx, token, true);
    if (row.status === 'signed') return { error: new HttpError(409, LETTER_SIGNED) };
    if (row.status === 'expired') return { error: gone(row) };
    if (row.past_expiry) {
      await repo.markExpired(tx, Number(row.id));
      return { error: new HttpError(410, LETTER_EXPIRED) };
    }
    const { fields, image } = await signErrors(input);
    const mime = 'image/png';
    const letter = toDto(row);
    if (!sameName(fields.borrower_name, letter.applicant_name)) {
      throw new HttpError(422, NAME_MUST_MATCH, { borrower_name: [NAME_MUST_MATCH] });
    }
    const content = signedContent(letter, {
      repSignature: row.rep_signature_b64 ? Buffer.from(row.rep_signature_b64, 'base64') : null,
      borrowerName: fields.borrower_name,
      borrowerDate: fields.borrower_date,
      borrowerSignature: image,
    });
    const signedAt = await repo.markSigned(tx, {
      id: Number(row.id),
      name: fields.borrower_name,
      date: fields.borrower_date,
      image,
      mime,
      ip: req.ip,
      userAgent: ua,
      sha256: sha256(content),
    });
    if (!signedAt) return { error: new HttpError(409, LETTER_SIGNED) };
    await audit(req, 'sign', 'offer_letter', Number(row.id), { reference_code: letter.reference_code, borrower_name: fields.borrower_name }, tx);
    return { result: { status: 'signed' as const, signed_at: new Date(signedAt as Date | string).toISOString(), reference_code: letter.reference_code } };
  });
  // Lapsing an overdue letter commits even though the answer is an error.
  if ('error' in outcome && outcome.error) throw outcome.error;
  return (outcome as { result: BorrowerSignResponse }).result;
}

