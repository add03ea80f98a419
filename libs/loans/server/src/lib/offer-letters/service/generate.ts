import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { OfferLetterStaff } from '@loan/shared-contract';
import {
  audit,
  branchScope,
  conflict,
  inScope,
  notFound,
  processingFee,
  readLoanProduct,
  type Config,
  type Db,
  type Ports,
  type SessionUser,
} from '@loan/shared-server';
import * as repo from '../repository';
import { decodeDataUrl } from './images';
import { sha256, toStaffDto } from './dto';

/** Generating a letter (idempotent per Idempotency-Key) and sending its link. */

export const CANNOT_OFFER = 'An offer letter can only be sent for a request or an approved application or top-up.';
export const ALREADY_SIGNED_APPLICATION = 'The offer letter of this application is already signed.';

export interface GenerateBody {
  authorized_rep_signature: string;
  authorized_rep_name?: string;
  terms_conditions?: string;
}

/** The contract link sent to the borrower: the borrower app's, never the portal's. */
export const offerLink = (config: Pick<Config, 'borrowerAppUrl'>, token: string) => `${config.borrowerAppUrl}/loan-offer-letter/${token}`;

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
  const link = offerLink(config, token);
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
    // The loan product as it is now (/settings/loan-product): validity, terms and fee; the
    // letter keeps them whatever changes later.
    const product = await readLoanProduct(tx, { offerValidDays: config.offerValidDays });
    const id = await repo.insertLetter(tx, {
      applicationId,
      tokenHash: sha256(token),
      principal: app.amount,
      interest: app.interest,
      total: app.total_amount_due,
      tenure: Number(app.tenure_months),
      terms: body.terms_conditions ?? product.terms_conditions,
      termsVersion: body.terms_conditions === undefined ? product.terms_version : null,
      processingFee: processingFee(product, app.amount),
      repName: body.authorized_rep_name ?? user.fullname,
      repSignature: signature.buf,
      repMime: signature.mime,
      validDays: product.offer_valid_days,
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
        body: `Your loan offer ${app.reference_code} is ready. Read and sign it within ${product.offer_valid_days} days: ${link}`,
        secrets: [token],
      },
      tx,
    );
    await audit(req, 'generate', 'offer_letter', id, { application_id: applicationId, reference_code: app.reference_code }, tx);
    return { ...toStaffDto(row, token), link, replayed: false };
  });
}


export const NOT_PENDING = 'Only a pending offer letter can be sent again; generate a new one instead.';

/**
 * POST /resend/{id}: a fresh link for a pending letter, sent again by SMS (the old link
 * stops working: only the token's hash is kept, so a link cannot be read back). The new
 * link is in this answer only, for the officer to copy. One transaction with its audit.
 */
export async function resend(
  db: Db,
  config: Config,
  ports: Ports,
  req: FastifyRequest,
  user: SessionUser,
  id: number,
): Promise<OfferLetterStaff & { link: string }> {
  const token = randomBytes(32).toString('base64url');
  const link = offerLink(config, token);
  return db.transaction(async (tx) => {
    const row = await repo.letterBy(tx, sql`${repo.byId(id)} AND ${repo.scopeSql(branchScope(user))}`, true);
    if (!row) throw notFound('Offer letter');
    if (row.status !== 'pending' || row.past_expiry || !(await repo.rotateToken(tx, id, sha256(token)))) throw conflict(NOT_PENDING);
    const app = await repo.applicationForOffer(tx, Number(row.application_id));
    await ports.sms.send(
      {
        to: row.mobile,
        purpose: 'offer_letter',
        applicationId: Number(row.application_id),
        clientId: app?.client_id ? Number(app.client_id) : null,
        createdBy: user.id,
        body: `Your loan offer ${row.reference_code} is ready. Read and sign it by ${new Date(row.expires_at).toISOString().slice(0, 10)}: ${link}`,
        secrets: [token],
      },
      tx,
    );
    await audit(req, 'resend', 'offer_letter', id, { application_id: Number(row.application_id), reference_code: row.reference_code }, tx);
    const fresh = await repo.letterBy(tx, repo.byId(id));
    return { ...toStaffDto(fresh ?? row, token), link };
  });
}
