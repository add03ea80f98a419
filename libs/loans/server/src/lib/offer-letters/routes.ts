import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  API,
  P,
  SIGNATURE_FILE_FIELD,
  SIGNATURE_MAX_BYTES,
  generateOfferForIdSchema,
  generateOfferSchema,
  idParamsSchema,
  idsBodySchema,
  offerLetterFilterQuerySchema,
  offerLetterListQuerySchema,
  offerTokenParamsSchema,
  borrowerSignResponseSchema,
  generatedOfferSchema,
  offerLetterDeleteResultSchema,
  offerLetterListSchema,
  offerLetterSchema,
  offerLetterStaffSchema,
  offerLetterVerifySchema,
} from '@loan/shared-contract';
import { defineRoute, registerRoutes, type RouteContext } from '@loan/shared-server';
import { HttpError } from '@loan/shared-server';
import * as service from './service';
import { registerLapseJob } from './lapse';

const O = API.offerLetters;

const tokenParams = offerTokenParamsSchema;

const IDEMPOTENCY_HEADER = 'idempotency-key';
const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'An Idempotency-Key is 1 to 255 visible ASCII characters.');

/** The sender's Idempotency-Key, if any (422 when malformed). */
function idempotencyKey(req: FastifyRequest): string | null {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) {
    const message = 'An Idempotency-Key is 1 to 255 visible ASCII characters.';
    throw new HttpError(422, message, { 'Idempotency-Key': [message] });
  }
  return parsed.data;
}

/** Generates a letter; a repeated Idempotency-Key answers the first letter, marked Idempotent-Replayed. */
async function generate(
  ctx: Pick<RouteContext<unknown, unknown, unknown>, 'db' | 'config' | 'req' | 'reply' | 'user'>,
  applicationId: number,
  body: service.GenerateBody,
) {
  const { replayed, ...letter } = await service.generate(ctx.db, ctx.config, ctx.req.server.ports, ctx.req, ctx.user, applicationId, body, idempotencyKey(ctx.req));
  if (replayed) ctx.reply.header('idempotent-replayed', 'true');
  return letter;
}

/** The signature plus its text parts and the multipart framing. */
export const SIGN_FORM_MAX_BYTES = SIGNATURE_MAX_BYTES + 64 * 1024;
export const FORM_TOO_LARGE = 'The form is too large: the signature image must be smaller than 1 MB.';

/**
 * Reads the signing form: the text parts and the one signature file (at most 1 MB, less
 * one byte). Fastify's bodyLimit does not cover multipart (the parser streams), so a
 * declared length past the bound is refused before a byte is read, and a streamed
 * (chunked) body stops at the first file past the limit; either way the connection
 * closes rather than drain the rest.
 */
async function readSignForm(req: FastifyRequest, reply: FastifyReply): Promise<service.SignInput> {
  if (Number(req.headers['content-length'] ?? 0) > SIGN_FORM_MAX_BYTES) {
    reply.header('connection', 'close');
    throw new HttpError(413, FORM_TOO_LARGE);
  }
  if (!req.isMultipart()) {
    throw new HttpError(422, 'Send the form as multipart/form-data with the signature image.', {
      [SIGNATURE_FILE_FIELD]: [service.SIGNATURE_MISSING],
    });
  }
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  let tooLarge = false;
  const parts = req.parts({ limits: { fileSize: SIGNATURE_MAX_BYTES - 1, files: 2, fields: 10, fieldSize: 2000, parts: 12 } });
  for await (const part of parts) {
    if (part.type === 'file') {
      const buf = await part.toBuffer();
      // Past the limit busboy truncates the file (throwFileSizeLimit is off).
      if (part.file.truncated) {
        tooLarge = true;
        reply.header('connection', 'close');
        break;
      }
      if (part.fieldname === SIGNATURE_FILE_FIELD) image = buf;
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, image, tooLarge };
}

/**
 * Loan offer letters (spec §7 'Loan offers'). Staff generate and read them; the
 * borrower reads and signs by token (public, rate limited). card-stats is the dashboard's.
 */
export const offerLetterRoutes = [
  defineRoute({
    method: 'POST',
    url: `${O}/generate`,
    response: generatedOfferSchema,
    auth: P.sendOfferLetter,
    body: generateOfferSchema,
    bodyLimit: 3 * 1024 * 1024,
    handler: (ctx) => generate(ctx, ctx.body.application_id, ctx.body),
  }),
  defineRoute({
    method: 'POST',
    url: `${O}/generate/:id`,
    response: generatedOfferSchema,
    auth: P.sendOfferLetter,
    params: idParamsSchema,
    body: generateOfferForIdSchema,
    bodyLimit: 3 * 1024 * 1024,
    handler: (ctx) => generate(ctx, ctx.params.id, ctx.body),
  }),
  defineRoute({
    method: 'GET',
    url: `${O}/getByToken/:token`,
    response: offerLetterSchema,
    auth: 'public',
    params: tokenParams,
    rateLimit: { limit: 30, windowSeconds: 60 },
    handler: ({ db, req, params }) => service.getByToken(db, req, params.token),
  }),
  defineRoute({
    method: 'POST',
    url: `${O}/borrower-sign-offer/:token`,
    response: borrowerSignResponseSchema,
    auth: 'public',
    params: tokenParams,
    rateLimit: { limit: 10, windowSeconds: 60 },
    bodyLimit: SIGN_FORM_MAX_BYTES,
    handler: async ({ db, req, reply, params }) => service.sign(db, req, params.token, await readSignForm(req, reply)),
  }),
  defineRoute({
    method: 'GET',
    url: `${O}/getById/:id`,
    response: offerLetterStaffSchema,
    auth: P.viewOfferLetter,
    params: idParamsSchema,
    handler: ({ db, params, scope }) => service.getById(db, params.id, scope),
  }),
  defineRoute({
    method: 'GET',
    url: `${O}/verify/:id`,
    response: offerLetterVerifySchema,
    auth: P.viewOfferLetter,
    params: idParamsSchema,
    handler: ({ db, params, scope }) => service.verify(db, params.id, scope),
  }),
  defineRoute({
    method: 'POST',
    url: `${O}/resend/:id`,
    response: generatedOfferSchema,
    auth: P.sendOfferLetter,
    params: idParamsSchema,
    handler: ({ db, config, req, user, params }) => service.resend(db, config, req.server.ports, req, user, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: `${O}/all`,
    response: offerLetterListSchema,
    auth: P.viewOfferLetter,
    query: offerLetterListQuerySchema,
    handler: ({ db, query, scope }) => service.list(db, query, scope),
  }),
  defineRoute({
    method: 'GET',
    url: `${O}/filter`,
    response: offerLetterListSchema,
    auth: P.viewOfferLetter,
    query: offerLetterFilterQuerySchema,
    handler: ({ db, query, scope }) => service.list(db, query, scope),
  }),
  defineRoute({
    method: 'DELETE',
    url: `${O}/delete`,
    response: offerLetterDeleteResultSchema,
    auth: P.sendOfferLetter,
    body: idsBodySchema,
    handler: ({ db, body, scope, auditActor }) => service.remove(db, auditActor, body.ids, scope),
  }),
];

export const offerLettersModule: FastifyPluginAsync = async (app) => {
  // Multipart only here (the borrower's signature); scoped to this module's routes.
  await app.register(multipart, { throwFileSizeLimit: false });
  registerLapseJob(app);
  registerRoutes(app, offerLetterRoutes);
};
