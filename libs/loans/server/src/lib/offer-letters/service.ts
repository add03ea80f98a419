import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_TERMS_CONDITIONS,
  SIGNATURE_FILE_FIELD,
  borrowerSignFieldsSchema,
  OFFER_TOKEN_PATTERN,
  SIGNATURE_MAX_BYTES,
  type BorrowerSignResponse,
  type OfferLetter,
  type OfferLetterStaff,
  type ListEnvelope,
  fromNgwee,
  toNgwee,
} from '@loan/shared-contract';
import type { Db } from '@loan/shared-server';
import type { Config } from '@loan/shared-server';
import type { Ports } from '@loan/shared-server';
import type { SessionUser } from '@loan/shared-server';
import { HttpError, conflict, invalid, notFound, validationBody, zodFieldErrors } from '@loan/shared-server';
import { audit, branchScope, inScope, recordAudit, type AuditActor, type BranchScope } from '@loan/shared-server';
import { sql } from 'drizzle-orm';
import * as repo from './repository';

const sha256 = (v: string | Buffer) => createHash('sha256').update(v).digest('hex');

// ---- images: decoded by their content and re-encoded, never trusted by a name, a type or magic bytes ----
/** Enough for any drawn signature; a small file declaring more pixels is a decompression bomb. */
const MAX_IMAGE_PIXELS = 4096 * 4096;
export const NOT_AN_IMAGE = 'The signature must be a PNG or JPEG image.';
export const TOO_LARGE = 'The signature image must be smaller than 1 MB.';

/**
 * The image as a clean PNG: a PNG or JPEG is decoded and its pixels written anew, so
 * nothing else travels with it (bytes after the image end, text chunks, metadata: what
 * makes a file a PNG and also an HTML page or an archive). Null when it is not one.
 */
export async function cleanImage(buf: Buffer): Promise<Buffer | null> {
  try {
    const meta = await sharp(buf, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    if (meta.format !== 'png' && meta.format !== 'jpeg') return null;
    return await sharp(buf, { limitInputPixels: MAX_IMAGE_PIXELS }).png().toBuffer();
  } catch {
    return null;
  }
}

async function decodeDataUrl(field: string, dataUrl: string): Promise<{ buf: Buffer; mime: string }> {
  const buf = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (buf.length > SIGNATURE_MAX_BYTES) throw invalid(field, TOO_LARGE);
  const clean = await cleanImage(buf);
  if (!clean) throw invalid(field, NOT_AN_IMAGE);
  return { buf: clean, mime: 'image/png' };
}

function toDto(r: repo.LetterRow): OfferLetter {
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

function toStaffDto(r: repo.LetterRow, token: string | null = null): OfferLetterStaff {
  return { ...toDto(r), token, signed_ip: r.signed_ip, signed_user_agent: r.signed_user_agent, signed_content_sha256: r.signed_sha256 };
}

export const CANNOT_OFFER = 'An offer letter can only be sent for a request or an approved application.';
export const ALREADY_SIGNED_APPLICATION = 'The offer letter of this application is already signed.';

export interface GenerateBody {
  authorized_rep_signature: string;
  authorized_rep_name?: string;
  terms_conditions?: string;
}

export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for another application.';

/**
 * Generates the letter of an application: the representative's signature, a fresh
 * token (only its SHA-256 is stored) and an expiry; earlier pending letters lapse. The
 * borrower gets the link by SMS (the outbox by default). One transaction with its audit.
 *
 * With an idempotency key (the sender's Idempotency-Key header), a repeat of the same
 * request (a double click, a retry after a lost answer) answers the letter the first one
 * made and sends nothing. The repeat carries no token or link: only the token's hash is
 * kept, and the borrower already has the link by SMS.
 */
export async function generate(
  db: Db,
  config: Config,
  ports: Ports,
  req: FastifyRequest,
  user: SessionUser,
  applicationId: number,
  body: GenerateBody,
  idempotencyKey: string | null = null,
): Promise<OfferLetterStaff & { link: string | null; replayed: boolean }> {
  const signature = await decodeDataUrl('authorized_rep_signature', body.authorized_rep_signature);
  const token = randomBytes(32).toString('base64url');
  const link = `${config.publicUrl}/loan-offer-letter/${token}`;
  return db.transaction(async (tx) => {
    if (idempotencyKey !== null) {
      // Parallel repeats wait here for the first, then find its letter.
      await repo.lock(tx, `offer-letter-idempotency:${user.id}:${idempotencyKey}`);
      const first = await repo.letterBy(tx, repo.byIdempotencyKey(user.id, idempotencyKey));
      if (first && Number(first.application_id) !== applicationId) throw conflict(IDEMPOTENCY_KEY_REUSED);
      if (first) return { ...toStaffDto(first), link: null, replayed: true };
    }
    const app = await repo.applicationForOffer(tx, applicationId);
    // Outside the caller's branch scope an application is as unknown as a missing one.
    if (!app || !inScope(branchScope(user), app.branch_id === null ? null : Number(app.branch_id))) throw notFound('Application');
    if (app.status !== 'request' && app.status !== 'approved') throw conflict(CANNOT_OFFER);
    if (await repo.hasSignedLetter(tx, applicationId)) throw conflict(ALREADY_SIGNED_APPLICATION);
    await repo.expirePending(tx, applicationId);
    const id = await repo.insertLetter(tx, {
      applicationId,
      tokenHash: sha256(token),
      principal: app.amount,
      interest: app.interest,
      total: app.total_amount_due,
      tenure: Number(app.tenure_months),
      terms: body.terms_conditions ?? DEFAULT_TERMS_CONDITIONS,
      repName: body.authorized_rep_name ?? user.fullname,
      repSignature: signature.buf,
      repMime: signature.mime,
      validDays: config.offerValidDays,
      createdBy: user.id,
      idempotencyKey,
    });
    const row = await repo.letterBy(tx, repo.byId(id));
    if (!row) throw notFound('Offer letter');
    await ports.sms.send(
      {
        to: app.mobile,
        purpose: 'offer_letter',
        applicationId,
        clientId: app.client_id ? Number(app.client_id) : null,
        createdBy: user.id,
        body: `Your loan offer ${app.reference_code} is ready. Read and sign it within ${config.offerValidDays} days: ${link}`,
        secrets: [token],
      },
      tx,
    );
    await audit(req, 'generate', 'offer_letter', id, { application_id: applicationId, reference_code: app.reference_code }, tx);
    return { ...toStaffDto(row, token), link, replayed: false };
  });
}

export const LETTER_NOT_FOUND = 'Offer letter not found.';
export const LETTER_EXPIRED = 'This offer letter has expired.';
export const LETTER_SIGNED = 'This offer letter has already been signed.';

async function lookup(db: Db, token: string, forUpdate: boolean): Promise<repo.LetterRow> {
  if (!OFFER_TOKEN_PATTERN.test(token)) throw new HttpError(404, LETTER_NOT_FOUND);
  const row = await repo.letterBy(db, repo.byTokenHash(sha256(token)), forUpdate);
  if (!row) throw new HttpError(404, LETTER_NOT_FOUND);
  return row;
}

/** The borrower's view by token: 200, 410 when expired, 404 when unknown. */
export async function getByToken(db: Db, token: string): Promise<OfferLetter> {
  const row = await lookup(db, token, false);
  if (row.status === 'expired') throw new HttpError(410, LETTER_EXPIRED);
  if (row.status === 'pending' && row.past_expiry) {
    await repo.markExpired(db, Number(row.id));
    throw new HttpError(410, LETTER_EXPIRED);
  }
  return toDto(row);
}

export async function getById(db: Db, id: number, scope: BranchScope): Promise<OfferLetterStaff> {
  const row = await repo.letterBy(db, sql`${repo.byId(id)} AND ${repo.scopeSql(scope)}`);
  if (!row) throw notFound('Offer letter');
  return toStaffDto(row);
}

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
  const ua = (req.headers['user-agent'] ?? '').slice(0, 500) || null;
  const outcome = await db.transaction(async (tx) => {
    const row = await lookup(tx, token, true);
    if (row.status === 'signed') return { error: new HttpError(409, LETTER_SIGNED) };
    if (row.status === 'expired') return { error: new HttpError(410, LETTER_EXPIRED) };
    if (row.past_expiry) {
      await repo.markExpired(tx, Number(row.id));
      return { error: new HttpError(410, LETTER_EXPIRED) };
    }
    const { fields, image } = await signErrors(input);
    const mime = 'image/png';
    const letter = toDto(row);
    // What the borrower agreed to, in a fixed order, so the hash can be recomputed later.
    const content = JSON.stringify({
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
      authorized_rep_signature_sha256: sha256(row.rep_signature_b64 ? Buffer.from(row.rep_signature_b64, 'base64') : ''),
      borrower_name: fields.borrower_name,
      borrower_date: fields.borrower_date,
      borrower_signature_sha256: sha256(image),
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

export async function list(
  db: Db,
  q: { page: number; pageSize: number; status?: string; search?: string; fromDate?: string; toDate?: string },
  scope: BranchScope,
): Promise<ListEnvelope<OfferLetterStaff>> {
  // Overdue pending letters lapse before they are listed by status.
  await repo.expireOverdue(db);
  const { rows, total } = await repo.listLetters(db, { ...q, limit: q.pageSize, offset: (q.page - 1) * q.pageSize, scope: repo.scopeSql(scope) });
  return { items: rows.map((r) => toStaffDto(r)), total, page: q.page, pageSize: q.pageSize };
}

export const SIGNED_KEPT = 'A signed offer letter is the signing evidence and cannot be deleted.';

/**
 * DELETE /delete: unsigned letters only (a signed one answers 409 and nothing is deleted;
 * ids unknown or outside the scope are skipped). Deleting is soft: each letter is kept
 * whole in deleted_records, leaves every list and figure, and is audited.
 */
export async function remove(db: Db, who: AuditActor, ids: number[], scope: BranchScope): Promise<{ deleted: number[] }> {
  return db.transaction(async (tx) => {
    const letters = await repo.lockLetters(tx, ids, repo.scopeSql(scope));
    const signed = letters.filter((l) => l.status === 'signed');
    if (signed.length) {
      throw new HttpError(409, SIGNED_KEPT, { ids: signed.map((l) => `The letter of ${l.reference_code} is signed.`) });
    }
    const deleted = await repo.archiveAndDelete(tx, letters.map((l) => l.id), who.userId);
    for (const l of letters) {
      await recordAudit(tx, who, {
        action: 'delete',
        entity: 'offer_letter',
        entityId: l.id,
        before: { status: l.status },
        details: { reference_code: l.reference_code, kept_in: 'deleted_records' },
      });
    }
    return { deleted };
  });
}
